-- title: FULL OUTER window join
-- about: The window-join documentation's FULL OUTER JOIN on LeftTable and RightTable, with its exact rows: 5-minute tumbling windows, joined on num. Nothing is emitted while rows arrive; the window [12:20, 12:25) fires only when the watermark of both inputs passes its end, which here happens at the end of input. Matched pairs (L2/R2, L3/R3) come out joined, and the rows without a partner (L1, R4) come out padded with NULLs. Step past the last row to end the input and see the window fire.
SET 'joinlab.dialect' = 'flink';
SET 'sql.local-time-zone' = 'UTC';

CREATE TABLE LeftTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

CREATE TABLE RightTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2023-11-03 12:22:47.268', 1, 'L1'),
  (TIMESTAMP '2023-11-03 12:22:43.189', 2, 'L2'),
  (TIMESTAMP '2023-11-03 12:22:47.486', 3, 'L3');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2023-11-03 12:23:22.045', 2, 'R2'),
  (TIMESTAMP '2023-11-03 12:23:16.437', 3, 'R3'),
  (TIMESTAMP '2023-11-03 12:23:18.349', 4, 'R4');

SELECT L.num AS L_Num, L.id AS L_Id, R.num AS R_Num, R.id AS R_Id,
       COALESCE(L.window_start, R.window_start) AS window_start,
       COALESCE(L.window_end, R.window_end) AS window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
