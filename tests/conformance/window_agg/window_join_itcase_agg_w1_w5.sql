-- Flink WindowJoinITCase (SEMANTICS.md 10.1, W-1..W-5) on windowed AGGREGATIONS: T1/T2 from TestData (T2 = T1 with
-- name a -> a1), rowtime = TO_TIMESTAMP(ts) (computed column, so arrival is as-written: the INSERTs alternate T1/T2 row
-- by row), watermark rowtime - 1 s, session zone Asia/Shanghai, TUMBLE 5 s, COUNT(DISTINCT `string`) per name/window.
-- Queries: W-1 inner, W-2 left, W-2' left with IS NOT DISTINCT FROM, W-1' inner IS NOT DISTINCT FROM, W-3 full,
-- W-4 right, W-5 NOT EXISTS / NOT IN / EXISTS / IN. Expected rows = the ITCase's (sorted) expectations.
-- The late T1/T2 row (00:04 after 00:08) is dropped by the window aggregations (its window fired at wm 00:07).
SET 'table.local-time-zone' = 'Asia/Shanghai';
CREATE TABLE T1 (
  `ts` STRING, `int` INT, `double` DOUBLE, `float` FLOAT, `bigdec` DECIMAL(10, 2), `string` STRING, `name` STRING,
  `rowtime` AS TO_TIMESTAMP(`ts`),
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);
CREATE TABLE T2 (
  `ts` STRING, `int` INT, `double` DOUBLE, `float` FLOAT, `bigdec` DECIMAL(10, 2), `string` STRING, `name` STRING,
  `rowtime` AS TO_TIMESTAMP(`ts`),
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);
INSERT INTO T1 VALUES ('2020-10-10 00:00:01', 1, 1.0, 1.0, 1.11, 'Hi', 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:01', 1, 1.0, 1.0, 1.11, 'Hi', 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:02', 2, 2.0, 2.0, 2.22, 'Comment#1', 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:02', 2, 2.0, 2.0, 2.22, 'Comment#1', 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:03', 2, 2.0, 2.0, 2.22, 'Comment#1', 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:03', 2, 2.0, 2.0, 2.22, 'Comment#1', 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:04', 5, 5.0, 5.0, 5.55, CAST(NULL AS STRING), 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:04', 5, 5.0, 5.0, 5.55, CAST(NULL AS STRING), 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:07', 3, 3.0, 3.0, CAST(NULL AS DECIMAL(10, 2)), 'Hello', 'b');
INSERT INTO T2 VALUES ('2020-10-10 00:00:07', 3, 3.0, 3.0, CAST(NULL AS DECIMAL(10, 2)), 'Hello', 'b');
INSERT INTO T1 VALUES ('2020-10-10 00:00:06', 6, 6.0, 6.0, 6.66, 'Hi', 'b');
INSERT INTO T2 VALUES ('2020-10-10 00:00:06', 6, 6.0, 6.0, 6.66, 'Hi', 'b');
INSERT INTO T1 VALUES ('2020-10-10 00:00:08', 3, CAST(NULL AS DOUBLE), 3.0, 3.33, 'Comment#2', 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:08', 3, CAST(NULL AS DOUBLE), 3.0, 3.33, 'Comment#2', 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:04', 5, 5.0, CAST(NULL AS FLOAT), 5.55, 'Hi', 'a');
INSERT INTO T2 VALUES ('2020-10-10 00:00:04', 5, 5.0, CAST(NULL AS FLOAT), 5.55, 'Hi', 'a1');
INSERT INTO T1 VALUES ('2020-10-10 00:00:16', 4, 4.0, 4.0, 4.44, 'Hi', 'b');
INSERT INTO T2 VALUES ('2020-10-10 00:00:16', 4, 4.0, 4.0, 4.44, 'Hi', 'b');
INSERT INTO T1 VALUES ('2020-10-10 00:00:32', 7, 7.0, 7.0, 7.77, CAST(NULL AS STRING), CAST(NULL AS STRING));
INSERT INTO T2 VALUES ('2020-10-10 00:00:32', 7, 7.0, 7.0, 7.77, CAST(NULL AS STRING), CAST(NULL AS STRING));
INSERT INTO T1 VALUES ('2020-10-10 00:00:34', 1, 3.0, 3.0, 3.33, 'Comment#3', 'b');
INSERT INTO T2 VALUES ('2020-10-10 00:00:34', 1, 3.0, 3.0, 3.33, 'Comment#3', 'b');

EXPLAIN CHANGELOG_MODE
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-1 inner
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-2 left
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
LEFT JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-2' left, IS NOT DISTINCT FROM
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
LEFT JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` IS NOT DISTINCT FROM R.`name`;
-- W-1' inner, IS NOT DISTINCT FROM
SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` IS NOT DISTINCT FROM R.`name`;
-- W-3 full
SELECT L.`name`, L.window_start, L.window_end, R.`name`, R.window_start, R.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
FULL JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-4 right
SELECT L.`name`, R.window_start, R.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
RIGHT JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-5 anti NOT EXISTS
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L WHERE NOT EXISTS (
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
WHERE L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`);
-- W-5 anti NOT IN
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L WHERE L.`name` NOT IN (
SELECT `name` FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- W-5 semi EXISTS
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L WHERE EXISTS (
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
WHERE L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`);
-- W-5 semi IN
SELECT * FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L WHERE L.`name` IN (
SELECT `name` FROM (SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
