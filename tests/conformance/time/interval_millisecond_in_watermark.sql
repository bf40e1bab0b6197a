-- A MILLISECOND interval unit in a WATERMARK expression: Flink's parser rejects the CREATE TABLE
-- (SqlParserException at the unit), so the whole script is a harness error.
CREATE TABLE A (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '500' MILLISECOND);
@A 1 | 2024-01-01 00:00:00.100
SELECT k FROM A;
