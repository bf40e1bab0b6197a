-- INTERVAL literals as Calcite validates them: the leading field has 2 digits unless its
-- precision is written (SECOND(3)), the other fields stay in range (hours < 24, minutes < 60),
-- and Flink takes no day-time precision above 3 (a TableException when it plans the query).
CREATE TABLE A (k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | 2024-01-01 10:00:00
SELECT k, t + INTERVAL '99' SECOND FROM A;
SELECT k, t + INTERVAL '100' SECOND(3) FROM A;
SELECT k, t + INTERVAL '1000' SECOND(3) FROM A;
SELECT k, t + INTERVAL '100' DAY FROM A;
SELECT k, t + INTERVAL '100 10:00:00' DAY TO SECOND FROM A;
SELECT k, t + INTERVAL '10 25:00:00' DAY TO SECOND FROM A;
SELECT k, t + INTERVAL '120.5' SECOND FROM A;
SELECT k, t + INTERVAL '100' YEAR FROM A;
SELECT k, t + INTERVAL '-100' MINUTE FROM A;
SELECT k, t + INTERVAL '5' SECOND(1) FROM A;
SELECT k, t + INTERVAL '10' SECOND(1) FROM A;
SELECT k, t + INTERVAL '10:70' HOUR TO MINUTE FROM A;
SELECT k, t + INTERVAL '120' SECOND(4) FROM A;
SELECT k, t + INTERVAL '1-13' YEAR TO MONTH FROM A;
