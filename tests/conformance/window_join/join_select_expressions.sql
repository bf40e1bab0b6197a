-- Expressions in the select list of window joins (TUMBLE 5 min; FULL and LEFT so that one side can be NULL):
-- CASE, COALESCE, CAST, arithmetic (INT, DECIMAL, DOUBLE), string concatenation, DATE_FORMAT of window bounds;
-- TIMESTAMPDIFF of the window bounds in a separate query.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, price DECIMAL(10, 2), id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, qty INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 2.50, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', 2, 10.00, 'L2'),
  (TIMESTAMP '2024-01-01 12:06:00', 3, CAST(NULL AS DECIMAL(10, 2)), 'L3');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 4, 'R1'), (TIMESTAMP '2024-01-01 12:03:00', 5, 7, 'R5'),
  (TIMESTAMP '2024-01-01 12:07:00', 3, 3, 'R3');

-- FULL: CASE, COALESCE, CAST, concatenation
SELECT CASE WHEN L.id IS NULL THEN 'right only' WHEN R.id IS NULL THEN 'left only' ELSE 'both' END AS kind,
       COALESCE(L.id, R.id) AS any_id, COALESCE(L.num, R.num, -1) AS any_num,
       CAST(COALESCE(L.num, R.num) AS STRING) || '-' || COALESCE(R.id, '?') AS label,
       CAST(L.price AS INT) AS price_int, CAST(R.qty AS DOUBLE) AS qty_dbl
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- LEFT: arithmetic across sides, DATE_FORMAT of window bounds
SELECT L.id AS L_id, L.price * R.qty AS amount, L.num + R.qty AS s, R.qty * 1.5e0 AS dbl, L.price / 2 AS half,
       DATE_FORMAT(L.window_start, 'yyyy-MM-dd HH:mm') AS ws_text, DATE_FORMAT(L.window_end, 'HH:mm:ss') AS we_text
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- INNER: TIMESTAMPDIFF of the window bounds
SELECT L.id AS L_id, R.id AS R_id, TIMESTAMPDIFF(MINUTE, L.window_start, R.window_end) AS size_min
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
