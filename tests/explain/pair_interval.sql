-- Pairs of an interval join, S.ts BETWEEN O.ts AND O.ts + 1 min (explain_row.rs): a pair that
-- joins, times outside the bounds, a row that left state before its partner came, a late row
CREATE TABLE O (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE S (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@O 1 | 2024-01-01 10:00:00
@S 1 | 2024-01-01 10:00:30
@O 2 | 2024-01-01 10:00:10
@S 9 | 2024-01-01 10:02:00
@O 3 | 2024-01-01 10:01:30
@S 2 | 2024-01-01 10:01:00
@O 4 | 2024-01-01 10:00:20
@S 4 | 2024-01-01 10:01:10
@S 1 | 2024-01-01 10:01:45
SELECT O.id, S.ts FROM O JOIN S ON O.id = S.id AND S.ts BETWEEN O.ts AND O.ts + INTERVAL '1' MINUTE;
