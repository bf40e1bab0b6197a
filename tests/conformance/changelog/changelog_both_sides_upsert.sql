-- Both join inputs are upsert tables joined on their primary keys (customers.id = accounts.cust_id):
-- INNER, LEFT, FULL. Checks: +U on either side while matched / unmatched, -D on either side,
-- re-insert; the output kinds when both sides update (INNER may forward update kinds, outer joins
-- pad and un-pad). EXPLAIN CHANGELOG_MODE: both inputs JoinKeyContainsUniqueKey and no ChangelogNormalize
-- for a bare SELECT; the executed query (toChangelogStream, wants -U rows) normalizes both inputs, as
-- the -U/+U pairs of the INNER join show (see changelog_upsert_pk_join.sql).
CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE accounts (
  cust_id INT,
  balance INT,
  PRIMARY KEY (cust_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@customers      1 | Alice
@accounts       1 | 100
@customers +U   1 | Alicia
@accounts  +U   1 | 150
@accounts       2 | 200
@customers      2 | Bob
@customers -D   2 | Bob
@accounts  +U   2 | 250
@customers      3 | Carol
@accounts  -D   1 | 150
@customers      2 | Bobby
@accounts       1 | 10

EXPLAIN CHANGELOG_MODE
SELECT c.id, c.name, a.cust_id, a.balance FROM customers c JOIN accounts a ON c.id = a.cust_id;
EXPLAIN CHANGELOG_MODE
SELECT c.id, c.name, a.cust_id, a.balance FROM customers c FULL JOIN accounts a ON c.id = a.cust_id;

SELECT c.id, c.name, a.cust_id, a.balance FROM customers c JOIN accounts a ON c.id = a.cust_id;

SELECT c.id, c.name, a.cust_id, a.balance FROM customers c LEFT JOIN accounts a ON c.id = a.cust_id;

SELECT c.id, c.name, a.cust_id, a.balance FROM customers c FULL JOIN accounts a ON c.id = a.cust_id;
