-- One table read twice (a self-join): in Flink the row reaches both reads in separate tasks and
-- the changelog of such a step is a race (run-scenario --check: NONDETERMINISTIC); the result is not.
-- divergence: materialized
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE orders (oid INT, cid INT);
CREATE TABLE payments (oid INT, paid INT);
@orders 1 | 10
@payments 1 | 5
@orders 2 | 11
@payments 2 | 7
@payments 1 | 6
SELECT o.oid, p.paid, q.paid AS paid2 FROM orders o LEFT JOIN payments p ON o.oid = p.oid JOIN payments q ON o.oid = q.oid;
SELECT o.oid, p.paid, q.paid AS paid2 FROM orders o LEFT JOIN payments p ON o.oid = p.oid LEFT JOIN payments q ON o.oid = q.oid;
SELECT o.oid, p.paid, q.paid AS paid2 FROM payments q RIGHT JOIN (orders o LEFT JOIN payments p ON o.oid = p.oid) ON o.oid = q.oid;
SELECT a.oid, a.paid, b.paid AS paid2 FROM payments a JOIN payments b ON a.oid = b.oid;
