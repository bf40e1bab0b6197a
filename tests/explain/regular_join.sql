-- A regular join: a row that joins, one whose key never arrives, a NULL key, one filtered above the join (explain_row.rs)
CREATE TABLE Orders (id INT, product STRING, amount INT);
CREATE TABLE Products (product STRING, price INT);
@Orders 1 | apple | 3
@Products apple | 10
@Orders 2 | pear | 5
@Orders 3 | NULL | 1
@Orders 4 | apple | 0
SELECT o.id, p.price FROM Orders o JOIN Products p ON o.product = p.product WHERE o.amount > 0;
