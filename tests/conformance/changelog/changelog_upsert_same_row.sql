-- An upsert row that changes only columns the query does not read: ChangelogNormalize holds the
-- pruned row and drops an update equal to it (no -U/+U), unless state TTL is on.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE orders (oid INT, cid INT, pid INT, PRIMARY KEY (oid) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE payments (oid INT, paid INT);
@orders 1 | 10 | 100
@payments 1 | 5
@orders 1 | 11 | 101
@orders 1 | 11 | 101
@orders 2 | 11 | 100
@payments 2 | 7
@orders 2 | 12 | 100
@orders -D 2 | 12 | 100
@orders 2 | 13 | 100
SELECT o.oid, p.paid FROM orders o JOIN payments p ON o.oid = p.oid;
SELECT o.oid, o.cid, p.paid FROM orders o JOIN payments p ON o.oid = p.oid;
SELECT o.oid, p.paid FROM orders o LEFT JOIN payments p ON o.oid = p.oid;
SELECT /*+ MULTI_JOIN(o, p, q) */ o.oid, p.paid, q.paid AS paid2 FROM orders o LEFT JOIN payments p ON o.oid = p.oid JOIN payments q ON o.oid = q.oid;
SET 'table.exec.state.ttl' = '1 h';
SELECT o.oid, p.paid FROM orders o JOIN payments p ON o.oid = p.oid;
SELECT o.oid, p.paid FROM orders o LEFT JOIN payments p ON o.oid = p.oid;
