-- One query that both scans the lookup table (a regular join: its rows arrive as a stream and
-- revise results) and looks it up (FOR SYSTEM_TIME AS OF: its rows only change the store); a
-- BIGINT lookup column probed by an INT key (the probe's key is cast); a lookup key computed from
-- the probe row; a lookup table with a WATERMARK but no PRIMARY KEY.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

CREATE TABLE accounts (
  acct BIGINT,
  owner STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('lookup' = 'true');

@customers    1 | Alice
@accounts     1 | Ann | 2024-01-01 09:00:00
@accounts     2 | Ben | 2024-01-01 09:00:00
@orders       100 | 1
@customers +U 1 | Alicia
@orders       101 | 1
@customers    2 | Bob
@orders       102 | 2

SELECT o.order_id, c.name AS looked_up, s.name AS scanned
FROM orders o
JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
JOIN customers s ON o.cust_id = s.id;

EXPLAIN
SELECT o.order_id, a.owner
FROM orders o JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct;

SELECT o.order_id, a.owner
FROM orders o JOIN accounts FOR SYSTEM_TIME AS OF o.proc_time AS a ON o.cust_id = a.acct;

EXPLAIN
SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id + 1 = c.id;

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id + 1 = c.id;
