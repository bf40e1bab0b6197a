-- NULL join keys in regular joins: `=` never matches NULL to NULL; `IS NOT DISTINCT FROM` does
-- (and so does the rewrite `a = b OR (a IS NULL AND b IS NULL)`). INNER, LEFT and FULL.
-- Checks: NULL-key rows on both sides stay padded with `=`, but join (and retract padding) with
-- IS NOT DISTINCT FROM; a NULL in one column of a 2-column key.
CREATE TABLE L (
  lid INT,
  k INT,
  k2 STRING
);

CREATE TABLE R (
  rid INT,
  k INT,
  k2 STRING
);

@L 1 | NULL | a
@R 101 | NULL | a
@L 2 | 1 | NULL
@R 102 | 1 | NULL
@R 103 | 1 | b
@L 3 | 1 | b
@L 4 | NULL | NULL
@R 104 | NULL | NULL
@R 105 | NULL | a

SELECT L.lid, R.rid, L.k, R.k FROM L JOIN R ON L.k = R.k;

SELECT L.lid, R.rid, L.k, R.k FROM L JOIN R ON L.k IS NOT DISTINCT FROM R.k;

SELECT L.lid, R.rid, L.k, R.k FROM L LEFT JOIN R ON L.k = R.k;

SELECT L.lid, R.rid, L.k, R.k FROM L LEFT JOIN R ON L.k IS NOT DISTINCT FROM R.k;

SELECT L.lid, R.rid, L.k, R.k FROM L FULL JOIN R ON L.k = R.k;

SELECT L.lid, R.rid, L.k, R.k FROM L FULL JOIN R ON L.k IS NOT DISTINCT FROM R.k;

-- the OR-IS-NULL spelling of null-safe equality
SELECT L.lid, R.rid FROM L FULL JOIN R ON L.k = R.k OR (L.k IS NULL AND R.k IS NULL);

-- 2-column key: one column with =, one null-safe
SELECT L.lid, R.rid, L.k, L.k2, R.k2 FROM L LEFT JOIN R ON L.k = R.k AND L.k2 IS NOT DISTINCT FROM R.k2;

-- 2-column key, both null-safe
SELECT L.lid, R.rid, L.k, L.k2, R.k2 FROM L FULL JOIN R ON L.k IS NOT DISTINCT FROM R.k AND L.k2 IS NOT DISTINCT FROM R.k2;
