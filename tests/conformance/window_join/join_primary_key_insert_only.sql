-- A table with PRIMARY KEY ... NOT ENFORCED and the default insert-only changelog in a window join: it is a plain
-- append source (no ChangelogNormalize), so a repeated key is just another row. INNER and LEFT window joins.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE Orders (order_id INT, product_id INT, order_time TIMESTAMP(3),
  PRIMARY KEY (order_id) NOT ENFORCED, WATERMARK FOR order_time AS order_time);
CREATE TABLE Shipments (order_id INT, carrier STRING, ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time);

INSERT INTO Orders VALUES
  (1, 10, TIMESTAMP '2024-01-01 12:01:00'), (2, 20, TIMESTAMP '2024-01-01 12:02:00'),
  (1, 11, TIMESTAMP '2024-01-01 12:03:00'), (3, 30, TIMESTAMP '2024-01-01 12:06:00');
INSERT INTO Shipments VALUES
  (1, 'DHL', TIMESTAMP '2024-01-01 12:04:00'), (3, 'UPS', TIMESTAMP '2024-01-01 12:11:00');

SELECT O.order_id, O.product_id, S.carrier, O.window_start, O.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))) O
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE Shipments, DESCRIPTOR(ship_time), INTERVAL '5' MINUTES))) S
ON O.order_id = S.order_id AND O.window_start = S.window_start AND O.window_end = S.window_end;

SELECT O.order_id, O.product_id, S.carrier, O.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTES))) O
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE Shipments, DESCRIPTOR(ship_time), INTERVAL '5' MINUTES))) S
ON O.order_id = S.order_id AND O.window_start = S.window_start AND O.window_end = S.window_end;
