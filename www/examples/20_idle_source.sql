-- title: An idle source holds back the join
-- about: A window join's watermark is the smaller of its inputs' watermarks, so an input that stops sending rows holds every window back. Both tables come from Flink's datagen connector with a row every 2 seconds, but purchases pauses for 30 seconds after every 4 rows ('joinlab.idle-every' = '4', 'joinlab.idle-for' = '30 s'). From step 9 on only clicks arrive: the clicks' watermark moves on to 00:00:38 while the join's stays at 00:00:06, the purchases' watermark (the hatched band on the timeline and the line under the step sentence), so not even window [00:00, 00:10) can fire. At step 25 clicks has sent its 20 rows and its source finishes (watermark +inf, as a bounded datagen source does). When purchases resumes at step 26, the join's watermark jumps to 00:00:38 and three windows fire at once: this LEFT join then emits the clicks that had no purchase in their window, padded with NULLs. (Apache Flink's 'table.exec.source.idle-timeout' would mark such a source idle so the others move on; by default it waits, as here.) Change the pause in the Data tab and watch the hold grow or vanish.
SET 'joinlab.seed' = '1';

CREATE TABLE clicks (
  user_id INT,
  page STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '20',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'fields.page.length' = '4',
  'joinlab.interval' = '2 s'
);

CREATE TABLE purchases (
  user_id INT,
  amount INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '8',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'fields.amount.min' = '1',
  'fields.amount.max' = '99',
  'joinlab.interval' = '2 s',
  'joinlab.idle-every' = '4',
  'joinlab.idle-for' = '30 s'
);

SELECT c.user_id, c.page, p.amount, c.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '10' SECOND))) c
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE purchases, DESCRIPTOR(ts), INTERVAL '10' SECOND))) p
ON c.user_id = p.user_id AND c.window_start = p.window_start AND c.window_end = p.window_end;
