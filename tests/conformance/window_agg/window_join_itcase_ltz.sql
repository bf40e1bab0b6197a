-- Flink WindowJoinITCase W-6 and W-1, TIMESTAMP_LTZ variant (useTimestampLtz = true): ts is BIGINT epoch millis,
-- rowtime = TO_TIMESTAMP_LTZ(ts, 3), session zone Asia/Shanghai: windows are the same local 5 s windows
-- (window_start/window_end TIMESTAMP(3)), window_time is TIMESTAMP_LTZ(3) *ROWTIME* printed in Shanghai wall clock
-- (the ITCase prints the instant 2020-10-09T16:00:09.999Z). 5 s windows: no flush-schedule anomaly (8 h is a multiple of 5 s).
SET 'table.local-time-zone' = 'Asia/Shanghai';
CREATE TABLE T1 (
  `ts` BIGINT, `int` INT, `double` DOUBLE, `float` FLOAT, `bigdec` DECIMAL(10, 2), `string` STRING, `name` STRING,
  `rowtime` AS TO_TIMESTAMP_LTZ(`ts`, 3),
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);
CREATE TABLE T2 (
  `ts` BIGINT, `int` INT, `double` DOUBLE, `float` FLOAT, `bigdec` DECIMAL(10, 2), `string` STRING, `name` STRING,
  `rowtime` AS TO_TIMESTAMP_LTZ(`ts`, 3),
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);
INSERT INTO T1 VALUES (1602259201000, 1, 1.0, 1.0, 1.11, 'Hi', 'a');
INSERT INTO T2 VALUES (1602259201000, 1, 1.0, 1.0, 1.11, 'Hi', 'a1');
INSERT INTO T1 VALUES (1602259202000, 2, 2.0, 2.0, 2.22, 'Comment#1', 'a');
INSERT INTO T2 VALUES (1602259202000, 2, 2.0, 2.0, 2.22, 'Comment#1', 'a1');
INSERT INTO T1 VALUES (1602259203000, 2, 2.0, 2.0, 2.22, 'Comment#1', 'a');
INSERT INTO T2 VALUES (1602259203000, 2, 2.0, 2.0, 2.22, 'Comment#1', 'a1');
INSERT INTO T1 VALUES (1602259204000, 5, 5.0, 5.0, 5.55, CAST(NULL AS STRING), 'a');
INSERT INTO T2 VALUES (1602259204000, 5, 5.0, 5.0, 5.55, CAST(NULL AS STRING), 'a1');
INSERT INTO T1 VALUES (1602259207000, 3, 3.0, 3.0, CAST(NULL AS DECIMAL(10, 2)), 'Hello', 'b');
INSERT INTO T2 VALUES (1602259207000, 3, 3.0, 3.0, CAST(NULL AS DECIMAL(10, 2)), 'Hello', 'b');
INSERT INTO T1 VALUES (1602259206000, 6, 6.0, 6.0, 6.66, 'Hi', 'b');
INSERT INTO T2 VALUES (1602259206000, 6, 6.0, 6.0, 6.66, 'Hi', 'b');
INSERT INTO T1 VALUES (1602259208000, 3, CAST(NULL AS DOUBLE), 3.0, 3.33, 'Comment#2', 'a');
INSERT INTO T2 VALUES (1602259208000, 3, CAST(NULL AS DOUBLE), 3.0, 3.33, 'Comment#2', 'a1');
INSERT INTO T1 VALUES (1602259204000, 5, 5.0, CAST(NULL AS FLOAT), 5.55, 'Hi', 'a');
INSERT INTO T2 VALUES (1602259204000, 5, 5.0, CAST(NULL AS FLOAT), 5.55, 'Hi', 'a1');
INSERT INTO T1 VALUES (1602259216000, 4, 4.0, 4.0, 4.44, 'Hi', 'b');
INSERT INTO T2 VALUES (1602259216000, 4, 4.0, 4.0, 4.44, 'Hi', 'b');
INSERT INTO T1 VALUES (1602259232000, 7, 7.0, 7.0, 7.77, CAST(NULL AS STRING), CAST(NULL AS STRING));
INSERT INTO T2 VALUES (1602259232000, 7, 7.0, 7.0, 7.77, CAST(NULL AS STRING), CAST(NULL AS STRING));
INSERT INTO T1 VALUES (1602259234000, 1, 3.0, 3.0, 3.33, 'Comment#3', 'b');
INSERT INTO T2 VALUES (1602259234000, 1, 3.0, 3.0, 3.33, 'Comment#3', 'b');

-- W-6 LTZ
SELECT TO_TIMESTAMP_LTZ(L.`ts`, 3) AS lts, L.`int`, L.`double`, L.`float`, L.`bigdec`, L.`string`, L.`name`, CAST(L.`rowtime` AS STRING) AS rt,
  L.window_start, L.window_end, L.window_time, R.`int`, R.`string`, R.`name`
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-1 LTZ
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
