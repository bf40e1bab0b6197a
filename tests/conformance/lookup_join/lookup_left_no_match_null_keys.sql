-- LEFT lookup joins that find nothing: a key that never exists, a key deleted before the order,
-- a key inserted after it, NULL keys (a NULL never equals anything, also not a NULL in the
-- store), and an INNER join with the same data (the misses are dropped).
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  note STRING,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  name STRING
) WITH ('changelog-mode' = 'retract', 'lookup' = 'true');

@customers    1 | Alice
@customers    NULL | Ghost            -- a store row with a NULL key
@orders       100 | 1 | a
@orders       101 | 5 | b             -- customer 5 comes later
@orders       102 | NULL | c          -- NULL key: does not find Ghost
@customers    5 | Eve
@orders       103 | 5 | d
@customers -D 1 | Alice
@orders       104 | 1 | e             -- deleted before
@orders       105 | 8 | f             -- never exists

SELECT o.order_id, o.note, c.id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.note, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;
