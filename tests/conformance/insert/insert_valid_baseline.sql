-- INSERT INTO ... VALUES check: valid baseline (all accepted) (copied from oracle probe /tmp/probes/p7_00)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, nn INT NOT NULL, WATERMARK FOR row_time AS row_time);
CREATE TABLE TinyTable (row_time TIMESTAMP(3), t TINYINT, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:00:00', 0, 'ok', 0);
INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1', 1), (TIMESTAMP '2024-01-01', 2, 'L2', -1), (TIMESTAMP '2024-01-01 12:02:00.123', -5, 'it''s', 5);
INSERT INTO TinyTable VALUES (TIMESTAMP '2024-01-01 12:01:00', CAST(1 AS TINYINT)), (TIMESTAMP '2024-01-01 12:01:00', CAST(-128 AS TINYINT));

SELECT * FROM LeftTable;
SELECT * FROM TinyTable;
