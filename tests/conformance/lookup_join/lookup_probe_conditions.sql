-- Conditions on the probe row alone in the ON clause (INNER: Flink filters the probe rows before
-- the lookup; LEFT: part of the join condition, the rows that fail it are padded), and an INT
-- probe key against a BIGINT column (the probe's key is cast, in a Calc below the join).
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  amount INT,
  proc_time AS PROCTIME()
);

CREATE TABLE accounts (
  acct BIGINT,
  owner STRING,
  PRIMARY KEY (acct) NOT ENFORCED
) WITH ('lookup' = 'true');

INSERT INTO accounts VALUES (CAST(1 AS BIGINT), 'Ann'), (CAST(2 AS BIGINT), 'Ben');
INSERT INTO orders VALUES (100, 1, 5), (101, 2, 50), (102, 3, 500), (103, 1, 50);

EXPLAIN
SELECT o.order_id, a.owner
FROM orders o JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct AND o.amount > 10;

EXPLAIN
SELECT o.order_id, a.owner
FROM orders o LEFT JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct AND o.amount > 10;

SELECT o.order_id, a.owner
FROM orders o JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct AND o.amount > 10;

SELECT o.order_id, a.owner
FROM orders o LEFT JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct AND o.amount > 10;

EXPLAIN
SELECT o.order_id, a.owner, a.acct
FROM orders o LEFT JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct;

SELECT o.order_id, a.owner, a.acct
FROM orders o LEFT JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct;
