-- Two binary joins in a chain, O JOIN P JOIN S on id, with a condition on P pushed below the first
-- join (explain_row.rs): a row filtered before any join, a row that stops at the first join
CREATE TABLE O (id INT, name STRING);
CREATE TABLE P (id INT, amount INT);
CREATE TABLE S (id INT, carrier STRING);
@O 1 | Ada
@P 2 | 30
@S 1 | DHL
@O 2 | Grace
@P 2 | 0
@S 2 | UPS
SELECT O.name, P.amount, S.carrier FROM O JOIN (SELECT * FROM P WHERE amount > 0) P ON O.id = P.id JOIN S ON O.id = S.id;
