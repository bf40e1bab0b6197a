-- A LEFT chain over two upsert tables with updates that change the join key and deletes, and
-- a MULTI_JOIN that reads one table twice (both reads in the one operator).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE orders (oid INT, cid INT, pid INT, PRIMARY KEY (oid) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE customers (cid INT, name STRING, PRIMARY KEY (cid) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE payments (oid INT, paid INT);
@orders 1 | 10 | 100
@customers 10 | 'Ann'
@payments 1 | 5
@orders 2 | 11 | 100
@orders 1 | 11 | 101
@customers 11 | 'Bob'
@customers 10 | 'Ann2'
@payments 2 | 7
@orders -D 2 | 11 | 100
@customers -D 11 | 'Bob'
SELECT o.oid, c.name, p.paid FROM orders o LEFT JOIN customers c ON o.cid = c.cid LEFT JOIN payments p ON o.oid = p.oid;
SELECT /*+ MULTI_JOIN(o, p, q) */ o.oid, p.paid, q.paid AS paid2 FROM orders o LEFT JOIN payments p ON o.oid = p.oid JOIN payments q ON o.oid = q.oid;
