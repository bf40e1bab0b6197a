-- Faker tables: every expression JoinLab generates, in text and typed columns (numbers, DECIMAL,
-- BOOLEAN, timestamps, DATE, ARRAY, MAP, ROW), NULLs, a seed and a pace; wasm and native must
-- print the same bytes (tests/wasm/native_vs_wasm.mjs).
SET 'joinlab.seed' = '11';
CREATE TABLE people (
  who STRING,
  username STRING,
  place STRING,
  street STRING,
  zip INT,
  lat DOUBLE,
  lon DOUBLE,
  net STRING,
  phone STRING,
  ssn STRING,
  born DATE,
  seen TIMESTAMP(3),
  due TIMESTAMP_LTZ(3),
  tags ARRAY<STRING>,
  scores MAP<STRING, INT>,
  job ROW<company STRING, industry STRING>
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '25',
  'rows-per-second' = '5',
  'fields.who.expression' = '#{Name.firstName}|#{Name.lastName}|#{Name.fullName}|#{Name.name}',
  'fields.username.expression' = '#{Name.username}',
  'fields.place.expression' = '#{Address.city}, #{Address.state}, #{Address.country} (#{Address.countryCode})',
  'fields.street.expression' = '#{Address.streetAddress} / #{Address.streetName} / #{Address.buildingNumber} / #{Address.fullAddress}',
  'fields.zip.expression' = '#{Address.zipCode}',
  'fields.lat.expression' = '#{Address.latitude}',
  'fields.lon.expression' = '#{Address.longitude}',
  'fields.net.expression' = '#{Internet.emailAddress} #{Internet.domainName} #{Internet.url} #{Internet.ipV4Address} #{Internet.uuid}',
  'fields.phone.expression' = '#{PhoneNumber.cellPhone} #{PhoneNumber.phoneNumber}',
  'fields.ssn.expression' = '#{IdNumber.valid} #{IdNumber.ssnValid}',
  'fields.born.expression' = '#{date.birthday}',
  'fields.seen.expression' = '#{date.past ''90'',''30'',''MINUTES''}',
  'fields.due.expression' = '#{date.future ''2'',''DAYS''}',
  'fields.tags.expression' = '#{Color.name}',
  'fields.tags.length' = '3',
  'fields.scores.key.expression' = '#{Lorem.word}',
  'fields.scores.value.expression' = '#{Number.randomDigit}',
  'fields.scores.length' = '2',
  'fields.job.company.expression' = '#{Company.name}',
  'fields.job.industry.expression' = '#{Company.industry}: #{Company.buzzword}',
  'fields.ssn.null-rate' = '0.2'
);
CREATE TABLE things (
  product STRING,
  price DECIMAL(8, 2),
  cheap DOUBLE,
  n INT,
  big BIGINT,
  d DOUBLE,
  ok BOOLEAN,
  code STRING,
  status STRING,
  words STRING,
  digits BIGINT
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '25',
  'joinlab.interval' = '300 ms',
  'fields.product.expression' = '#{Commerce.productName} (#{Commerce.department}, #{Commerce.color}, #{Commerce.material}, #{Commerce.vendor})',
  'fields.price.expression' = '#{Commerce.price}',
  'fields.cheap.expression' = '#{Commerce.price ''0.5'',''2.5''}',
  'fields.n.expression' = '#{Number.numberBetween ''-50'',''50''}',
  'fields.big.expression' = '#{Number.randomNumber}',
  'fields.d.expression' = '#{Number.randomDouble ''3'',''-10'',''10''}',
  'fields.ok.expression' = '#{Bool.bool}',
  'fields.code.expression' = '#{regexify ''[A-Z]{3}-[0-9]{2}''} #{bothify ''??##''} #{letterify ''???'',''true''} #{numerify ''##-##''}',
  'fields.status.expression' = '#{Options.option ''NEW'',''PAID'',''SHIPPED''}',
  'fields.words.expression' = '#{Lorem.word} | #{Lorem.sentence} | #{Lorem.characters ''8''}',
  'fields.digits.expression' = '#{Number.randomDigitNotZero}#{Number.digits ''4''}#{Number.digit}#{Number.randomDigit}#{Number.positive}'
);
SELECT * FROM people;
SELECT * FROM things;
