-- Flink's datagen connector with JoinLab's time options: bounded disorder, a share of late
-- rows, and a seed; a 10-second window join of two generated streams.
SET 'joinlab.seed' = '7';
CREATE TABLE clicks (
  user_id INT,
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '60',
  'fields.user_id.min' = '1', 'fields.user_id.max' = '5',
  'fields.url.length' = '6',
  'joinlab.max-delay' = '2 s',
  'joinlab.late-rate' = '0.1'
);
CREATE TABLE views (
  user_id INT,
  seconds INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '60',
  'fields.user_id.min' = '1', 'fields.user_id.max' = '5',
  'fields.seconds.min' = '1', 'fields.seconds.max' = '90'
);
SELECT c.user_id, c.url, v.seconds, c.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '10' SECOND))) c
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE views, DESCRIPTOR(ts), INTERVAL '10' SECOND))) v
ON c.user_id = v.user_id AND c.window_start = v.window_start AND c.window_end = v.window_end;
