-- HOP LEFT window join with per-table watermark delays, arrival as written, a late row, an
-- expression over the padded side and a WHERE after the join; NOT IN over HOP windows.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE clicks (
  user_id INT, url STRING, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
);
CREATE TABLE buys (
  user_id INT, amount DECIMAL(10, 2), ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
);
@clicks 1 | 'a' | 2024-01-01 00:00:01.000
@buys 1 | 10.50 | 2024-01-01 00:00:02.000
@clicks 2 | 'b' | 2024-01-01 00:00:04.000
@clicks 1 | 'c' | 2024-01-01 00:00:09.999
@buys 2 | 3.25 | 2024-01-01 00:00:08.000
@buys 3 | 7.00 | 2024-01-01 00:00:12.000
@clicks 3 | 'd' | 2024-01-01 00:00:13.000
@clicks 1 | 'late' | 2024-01-01 00:00:03.000
@buys 1 | 1.00 | 2024-01-01 00:00:21.000
@clicks 2 | 'e' | 2024-01-01 00:00:22.000
SELECT c.user_id, c.url, b.amount, b.amount * 2 AS twice, c.window_start, c.window_end
FROM (SELECT * FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) c
LEFT JOIN (SELECT * FROM TABLE(HOP(TABLE buys, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) b
ON c.user_id = b.user_id AND c.window_start = b.window_start AND c.window_end = b.window_end
WHERE c.url <> 'd';
SELECT b.user_id, b.amount, b.window_start
FROM (SELECT * FROM TABLE(HOP(TABLE buys, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) b
WHERE b.user_id NOT IN (
  SELECT c.user_id FROM (SELECT * FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) c
  WHERE c.window_start = b.window_start AND c.window_end = b.window_end);
