-- title: Late rows from a generated stream
-- about: Two tables from Flink's datagen connector, each producing a row every second of simulated time ('joinlab.interval'), with event times up to one second out of order ('joinlab.max-delay' = '1 s', matched by each WATERMARK's one-second delay, so an on-time row is never behind its watermark). A fifth of the clicks are generated late on purpose ('joinlab.late-rate' = '0.2'): each happened 2 to 12 seconds before the newest click so far (twice the max delay, plus up to 'joinlab.late-by' = '10 s'), so it arrives behind the clicks' watermark. A late row whose 5-second window has already fired is dropped by the join (a crossed square on the timeline); one whose window is still open — the join's watermark is the slower of the two inputs — still joins. The Data tab marks every row that arrived behind its watermark; set the late rate to 0 there and no row is late, change the seed and other rows are.
SET 'joinlab.seed' = '3';

CREATE TABLE clicks (
  user_id INT,
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '30',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'fields.url.length' = '4',
  'joinlab.interval' = '1 s',
  'joinlab.max-delay' = '1 s',
  'joinlab.late-rate' = '0.2',
  'joinlab.late-by' = '10 s'
);

CREATE TABLE views (
  user_id INT,
  seconds INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '30',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'fields.seconds.min' = '1',
  'fields.seconds.max' = '90',
  'joinlab.interval' = '1 s',
  'joinlab.max-delay' = '1 s'
);

SELECT c.user_id, c.url, v.seconds, c.window_start, c.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' SECOND))) c
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE views, DESCRIPTOR(ts), INTERVAL '5' SECOND))) v
ON c.user_id = v.user_id AND c.window_start = v.window_start AND c.window_end = v.window_end;
