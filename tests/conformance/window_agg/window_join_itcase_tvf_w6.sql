-- Flink WindowJoinITCase W-6 (testInnerJoinOnWTF and variants): window join directly on TUMBLE 5 s TVF rows of T1/T2
-- (SEMANTICS.md 10.1 data), joined on window bounds + name; session zone Asia/Shanghai; TIMESTAMP rowtime
-- (TO_TIMESTAMP(ts)). Queries: plain; offset +1 s; offset -1 s; IS NOT DISTINCT FROM (adds the NULL-name pair);
-- EXISTS semi join on TVF rows. All rows are b (a/a1 never match). window_time is TIMESTAMP(3) *ROWTIME* (end - 1 ms).
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

-- W-6
SELECT TO_TIMESTAMP(L.`ts`) AS lts, L.`int`, L.`double`, L.`float`, L.`bigdec`, L.`string`, L.`name`, CAST(L.`rowtime` AS STRING) AS rt,
  L.window_start, L.window_end, L.window_time, R.`int`, R.`string`, R.`name`
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-6 offset +1 s
SELECT TO_TIMESTAMP(L.`ts`) AS lts, L.`int`, L.`double`, L.`float`, L.`bigdec`, L.`string`, L.`name`, CAST(L.`rowtime` AS STRING) AS rt,
  L.window_start, L.window_end, L.window_time, R.`int`, R.`string`, R.`name`
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND, INTERVAL '1' SECOND))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND, INTERVAL '1' SECOND))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-6 offset -1 s
SELECT TO_TIMESTAMP(L.`ts`) AS lts, L.`int`, L.`double`, L.`float`, L.`bigdec`, L.`string`, L.`name`, CAST(L.`rowtime` AS STRING) AS rt,
  L.window_start, L.window_end, L.window_time, R.`int`, R.`string`, R.`name`
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND, INTERVAL '-1' SECOND))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND, INTERVAL '-1' SECOND))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
-- W-6 IS NOT DISTINCT FROM
SELECT TO_TIMESTAMP(L.`ts`) AS lts, L.`int`, L.`double`, L.`float`, L.`bigdec`, L.`string`, L.`name`, CAST(L.`rowtime` AS STRING) AS rt,
  L.window_start, L.window_end, L.window_time, R.`int`, R.`string`, R.`name`
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` IS NOT DISTINCT FROM R.`name`;
-- W-6 semi EXISTS on TVF rows
SELECT TO_TIMESTAMP(L.`ts`) AS lts, L.`int`, L.`string`, L.`name`, L.window_start, L.window_end, L.window_time
FROM (SELECT * FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND))) L WHERE EXISTS (SELECT * FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) R
WHERE L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`);
