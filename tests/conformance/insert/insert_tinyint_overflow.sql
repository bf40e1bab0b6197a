-- INSERT INTO ... VALUES check: 300 into TINYINT (copied from oracle probe /tmp/probes/p7_13)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, nn INT NOT NULL, WATERMARK FOR row_time AS row_time);
CREATE TABLE TinyTable (row_time TIMESTAMP(3), t TINYINT, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:00:00', 0, 'ok', 0);
INSERT INTO TinyTable VALUES (TIMESTAMP '2024-01-01 12:01:00', 300);

SELECT * FROM LeftTable;
