-- FLOOR/CEIL(x TO unit) on TIMESTAMP, TIMESTAMP_LTZ (America/New_York, across a DST change) and
-- DATE, before and after 1970; FLOOR of the rowtime keeps the time attribute.
SET 'table.local-time-zone' = 'America/New_York';
CREATE TABLE T (row_time TIMESTAMP(3), lt TIMESTAMP_LTZ(3), d DATE, num INT, WATERMARK FOR row_time AS row_time);
@T 2024-03-01 12:00:00 | 2024-03-10 01:30:00 | 2024-04-01 | 1
@T 2024-01-01 00:00:00.001 | 2024-03-10 03:30:00 | 2024-01-01 | 2
@T 2024-04-01 00:00:00 | 2024-11-03 01:30:00 | 1999-12-31 | 3
@T 1969-12-31 23:30:00.5 | 1969-12-31 23:30:00.5 | 1969-06-15 | 4
@T 2001-07-04 10:00:00 | 2024-12-31 23:59:59.999 | 2000-01-01 | 5
SELECT num, CEIL(row_time TO QUARTER) AS cq, CEIL(row_time TO YEAR) AS cy, CEIL(row_time TO MONTH) AS cmo, CEIL(row_time TO WEEK) AS cw, CEIL(row_time TO DAY) AS cd, CEIL(row_time TO MINUTE) AS cmi,
  FLOOR(row_time TO DECADE) AS fdec, FLOOR(row_time TO CENTURY) AS fc, FLOOR(row_time TO MILLENNIUM) AS fm, CEIL(row_time TO DECADE) AS cdec, CEIL(row_time TO CENTURY) AS cc FROM T;
SELECT num, FLOOR(lt TO HOUR) AS fh, FLOOR(lt TO DAY) AS fd, CEIL(lt TO DAY) AS cd, FLOOR(lt TO MONTH) AS fmo, CEIL(lt TO YEAR) AS cy, FLOOR(lt TO WEEK) AS fw, FLOOR(lt TO SECOND) AS fs FROM T;
SELECT num, FLOOR(d TO WEEK) AS fw, CEIL(d TO WEEK) AS cw, FLOOR(d TO QUARTER) AS fq, CEIL(d TO QUARTER) AS cq, CEIL(d TO MONTH) AS cmo, FLOOR(d TO DECADE) AS fdec, CEIL(d TO CENTURY) AS cc FROM T;
SELECT num, FLOOR(row_time TO HOUR) AS h FROM T WHERE FLOOR(row_time TO DAY) > TIMESTAMP '2000-01-01 00:00:00';
SELECT FLOOR(num TO DAY) FROM T;
