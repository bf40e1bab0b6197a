-- UNNEST keeps the input's time attribute: its output feeds an interval join (orders'
-- items unnested, then joined with shipments within an hour) and a window aggregation.
CREATE TABLE orders (
  order_id INT, items ARRAY<STRING>, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);
CREATE TABLE shipments (
  order_id INT, item STRING, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);
INSERT INTO orders VALUES (1, ARRAY['a', 'b'], TIMESTAMP '2024-01-01 10:00:00'), (2, ARRAY['c'], TIMESTAMP '2024-01-01 10:10:00');
INSERT INTO shipments VALUES (1, 'a', TIMESTAMP '2024-01-01 10:20:00'), (2, 'c', TIMESTAMP '2024-01-01 12:00:00'), (1, 'b', TIMESTAMP '2024-01-01 12:30:00');
SELECT o.order_id, u.item, s.ts
FROM orders o CROSS JOIN UNNEST(o.items) AS u(item), shipments s
WHERE o.order_id = s.order_id AND u.item = s.item
  AND s.ts BETWEEN o.ts AND o.ts + INTERVAL '1' HOUR;
SELECT window_start, COUNT(*) AS items
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' HOUR)) o CROSS JOIN UNNEST(o.items) AS u(item)
GROUP BY window_start, window_end;
