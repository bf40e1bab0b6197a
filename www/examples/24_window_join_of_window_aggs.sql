-- title: Window join of two window aggregations (COUNT(DISTINCT) per name, 5-second windows)
-- about: "Window Join can follow after other operations based on Windowing TVF, such as Window Aggregation": each side counts the distinct strings per name in 5-second tumbling windows (Flink's WindowJoinITCase shape), and the window join then matches the two results on the window bounds and the name. Each aggregation fires a window when its own table's watermark (its time − 1 s) passes the window's end; the join can only fire that window once both aggregations have sent it, i.e. when the smaller of the two watermarks passes it. Watch the lanes: at step 9 T1's aggregation fires [00:00, 00:05) (uv1 = 2: NULL is not counted), the join holds it; at step 10 T2's fires it (uv2 = 3) and the join fires at once. The row of step 13 (00:04) is late for T1's window: the two-phase aggregation buffers it in its local stage and drops it only at its next flush, when T1's watermark passes the end of the window it buffers next (step 16). Name a has a T1 window [00:05, 00:10) but no T2 one, so the inner join never emits it.
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.dialect' = 'flink';

CREATE TABLE T1 (
  `rowtime` TIMESTAMP(3),
  `string` STRING,
  `name` STRING,
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);

CREATE TABLE T2 (
  `rowtime` TIMESTAMP(3),
  `string` STRING,
  `name` STRING,
  WATERMARK FOR `rowtime` AS `rowtime` - INTERVAL '1' SECOND
);

@T1 2020-10-10 00:00:01 | Hi        | a
@T2 2020-10-10 00:00:01 | Hi        | a
@T1 2020-10-10 00:00:02 | Comment#1 | a
@T2 2020-10-10 00:00:02 | Comment#1 | a
@T1 2020-10-10 00:00:03 | Comment#1 | a
@T2 2020-10-10 00:00:03 | Hello     | a
@T1 2020-10-10 00:00:04 | NULL      | a
@T2 2020-10-10 00:00:04 | NULL      | a
-- T1's watermark passes 00:00:05: its aggregation fires [00:00, 00:05); the join waits for T2
@T1 2020-10-10 00:00:07 | Hello     | b
-- now T2's aggregation fires [00:00, 00:05) too, and the join fires it
@T2 2020-10-10 00:00:07 | Hello     | b
@T1 2020-10-10 00:00:06 | Hi        | b
@T2 2020-10-10 00:00:06 | Hi        | b
-- late for T1's window [00:00, 00:05), which has fired
@T1 2020-10-10 00:00:04 | Hi        | a
@T1 2020-10-10 00:00:08 | Comment#2 | a
@T2 2020-10-10 00:00:16 | Hi        | b
@T1 2020-10-10 00:00:16 | Hi        | b

SELECT L.`name`, L.window_start, L.window_end, uv1, uv2 FROM
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv1
  FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) L
JOIN
(SELECT `name`, window_start, window_end, COUNT(DISTINCT `string`) AS uv2
  FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(rowtime), INTERVAL '5' SECOND)) GROUP BY `name`, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`name` = R.`name`;
