-- Flink's SQL parser has no MILLISECOND interval unit: a SqlParserException at the unit
-- ('0.5' SECOND is the way to write half a second).
CREATE TABLE A (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
@A 1 | 2024-01-01 00:00:00.100
@A 1 | 2024-01-01 00:00:00.700
@A 1 | 2024-01-01 00:00:02
SELECT k, window_start, window_end FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '500' MILLISECOND));
SELECT k, window_start, window_end FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '0.5' SECOND));
