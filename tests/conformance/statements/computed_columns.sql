-- Computed columns: the rowtime is computed (LeftTable: row_time AS CAST(ts_text AS TIMESTAMP(3)); RightTable:
-- row_time AS TO_TIMESTAMP_LTZ(epoch_ms, 3) cast to TIMESTAMP(3)), which forces arrival 'as-written'; a computed
-- key k AS num % 2 is used as the join key and in the select list. INSERT data gives the physical columns only.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (ts_text STRING, num INT, id STRING,
  row_time AS CAST(ts_text AS TIMESTAMP(3)), k AS num % 2, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (epoch_ms BIGINT, num INT, id STRING,
  row_time AS CAST(TO_TIMESTAMP_LTZ(epoch_ms, 3) AS TIMESTAMP(3)), k AS num % 2, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES ('2024-01-01 12:01:00', 1, 'L1'), ('2024-01-01 12:02:00', 2, 'L2'), ('2024-01-01 12:06:00', 3, 'L3');
INSERT INTO RightTable VALUES (1704110520000, 5, 'R5'), (1704110580000, 4, 'R4'), (1704110940000, 8, 'R8');  -- 12:02, 12:03, 12:09

-- scan: computed columns in SELECT *
SELECT * FROM LeftTable;
-- INNER window join on the computed key k
SELECT L.id AS L_id, R.id AS R_id, L.k, L.num + R.num AS num_sum, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL window join on the computed key, selecting the computed rowtime of each side
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.k, R.k) AS k, CAST(L.row_time AS STRING) AS L_rt, CAST(R.row_time AS STRING) AS R_rt
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
