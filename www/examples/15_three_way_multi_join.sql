-- title: Three-way join: a chain of binary joins vs one MultiJoin
-- about: Orders, their payments (paid in instalments) and their shipments (in parcels), all joined on order_id. Query 1 is planned as Flink always did: two binary joins, the first joining orders with payments and the second joining that result with shipments, so the second join keeps every order-payment combination in its state. Query 2 asks for Flink's multi-way join with the MULTI_JOIN hint: one operator keyed by order_id keeps each input's rows once and nothing in between. Both give the same rows; compare their state (the state pane shows each operator's rows per key and its peak, and the two queries' totals side by side).
SET 'joinlab.dialect' = 'flink';

CREATE TABLE Orders (
  order_id INT,
  customer STRING
);

CREATE TABLE Payments (
  order_id INT,
  amount INT
);

CREATE TABLE Shipments (
  order_id INT,
  carrier STRING
);

INSERT INTO Orders VALUES (1, 'Ada'), (2, 'Grace');
INSERT INTO Payments VALUES (1, 30), (1, 30), (1, 40), (2, 100), (2, 25);
INSERT INTO Shipments VALUES (1, 'DHL'), (2, 'UPS'), (1, 'DHL Express'), (2, 'FedEx');

-- Query 1: a chain of two binary joins
SELECT o.order_id, o.customer, p.amount, s.carrier
FROM Orders o
JOIN Payments p ON o.order_id = p.order_id
JOIN Shipments s ON o.order_id = s.order_id;

-- Query 2: the same join as one multi-way join
SELECT /*+ MULTI_JOIN(o, p, s) */ o.order_id, o.customer, p.amount, s.carrier
FROM Orders o
JOIN Payments p ON o.order_id = p.order_id
JOIN Shipments s ON o.order_id = s.order_id;
