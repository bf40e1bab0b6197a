-- title: The seed's queries with $rowtime (Confluent)
-- about: The documentation's own query texts, unchanged: FULL OUTER, SEMI (IN, EXISTS) and ANTI (NOT IN, NOT EXISTS) window joins over DESCRIPTOR($rowtime), in the Confluent dialect. The tables declare no WATERMARK, so every table's hidden $rowtime column is its first TIMESTAMP column and carries Confluent's default watermark (the largest $rowtime seen); rows arrive as written. Pick a query with the selector. Apache Flink has no $rowtime, so this example has no oracle output.
SET 'sql.local-time-zone' = 'UTC';

CREATE TABLE LeftTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING
);

CREATE TABLE RightTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING
);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2023-11-03 12:22:47.268', 1, 'L1'),
  (TIMESTAMP '2023-11-03 12:22:43.189', 2, 'L2'),
  (TIMESTAMP '2023-11-03 12:22:47.486', 3, 'L3');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2023-11-03 12:23:22.045', 2, 'R2'),
  (TIMESTAMP '2023-11-03 12:23:16.437', 3, 'R3'),
  (TIMESTAMP '2023-11-03 12:23:18.349', 4, 'R4');

-- FULL OUTER JOIN
SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id,
  COALESCE(L.window_start, R.window_start) as window_start,
  COALESCE(L.window_end, R.window_end) as window_end
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L
  FULL JOIN (
    SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R
  ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- SEMI, IN
SELECT *
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L WHERE L.num IN (
    SELECT num FROM (
      SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

-- SEMI, EXISTS
SELECT *
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L WHERE EXISTS (
    SELECT * FROM (
      SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

-- ANTI, NOT IN
SELECT *
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L WHERE L.num NOT IN (
     SELECT num FROM (
       SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

-- ANTI, NOT EXISTS
SELECT *
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L WHERE NOT EXISTS (
    SELECT * FROM (
      SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
