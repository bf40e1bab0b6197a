-- An interval join: outside the bounds, no partner, a late row (explain_row.rs)
CREATE TABLE O (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE S (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@O 1 | 2024-01-01 10:00:00
@S 1 | 2024-01-01 10:00:30
@O 2 | 2024-01-01 10:00:40
@S 2 | 2024-01-01 10:01:45
@O 3 | 2024-01-01 10:01:50
@S 4 | 2024-01-01 10:01:55
@O 4 | 2024-01-01 10:00:10
SELECT O.id, S.ts FROM O JOIN S ON O.id = S.id AND S.ts BETWEEN O.ts AND O.ts + INTERVAL '1' MINUTE;
