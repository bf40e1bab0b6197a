//! kafka-connect-datagen's quickstart schemas (Apache License 2.0, confluentinc/kafka-connect-datagen,
//! `src/main/resources/*.avro`), embedded as text and read by [`super::avro`].
//!
//! `gaming_players.avro` was not available when this was written; its schema here is
//! reconstructed (player ids iterate from 1000 like the other gaming quickstarts' ids) and is
//! marked as such in [`Quickstart::reconstructed`].

/// One quickstart: its names, the key field kafka-connect-datagen uses, and its schema.
#[derive(Clone, Copy, Debug)]
pub struct Quickstart {
    /// The `quickstart` value (case-insensitive).
    pub name: &'static str,
    /// Other accepted spellings.
    pub aliases: &'static [&'static str],
    /// kafka-connect-datagen's message key field.
    pub key_field: &'static str,
    pub schema: &'static str,
    pub reconstructed: bool,
}

/// Finds a quickstart by name, alias, or Confluent Cloud's upper-case spelling.
pub fn find(name: &str) -> Option<&'static Quickstart> {
    let n = name.trim().to_ascii_lowercase();
    QUICKSTARTS.iter().find(|q| q.name == n || q.aliases.contains(&n.as_str()))
}

/// The names, for error messages.
pub fn names() -> Vec<&'static str> {
    QUICKSTARTS.iter().map(|q| q.name).collect()
}

pub static QUICKSTARTS: &[Quickstart] = &[
    Quickstart {
        name: "gaming_player_activity",
        aliases: &[],
        key_field: "player_id",
        reconstructed: false,
        schema: r#"{
    "namespace": "gaming",
    "name": "gaming_player_activity",
    "type": "record",
    "fields": [
        {"name": "player_id", "type": {"type": "int", "arg.properties": {"range": {"min": 1000, "max": 5000}}}},
        {"name": "game_room_id", "type": {"type": "int", "arg.properties": {"range": {"min": 1000, "max": 5000}}}},
        {"name": "points", "type": {"type": "int", "arg.properties": {"range": {"min": 10, "max": 500}}}},
        {"name": "coordinates", "type": {"type": "string", "arg.properties": {"regex": "\\[[0-9][0-9],[0-9][0-9]\\]"}}}
    ]
}"#,
    },
    Quickstart {
        name: "gaming_players",
        aliases: &[],
        key_field: "player_id",
        reconstructed: true,
        schema: r#"{
    "namespace": "gaming",
    "name": "gaming_players",
    "type": "record",
    "fields": [
        {"name": "player_id", "type": {"type": "int", "arg.properties": {"iteration": {"start": 1000, "step": 1}}}},
        {"name": "player_name", "type": {"type": "string", "arg.properties": {"regex": "[A-Z][a-z]{3,7}(_|-)?[A-Z][a-z]{2,6}[0-9]{0,3}"}}},
        {"name": "ip", "type": {"type": "string", "arg.properties": {"regex": "(1[0-9]{2}|2[0-4][0-9]|[1-9][0-9]?)\\.(1[0-9]{2}|[1-9]?[0-9])\\.(1[0-9]{2}|[1-9]?[0-9])\\.(1[0-9]{2}|[1-9][0-9]?)"}}}
    ]
}"#,
    },
    Quickstart {
        name: "gaming_games",
        aliases: &[],
        key_field: "id",
        reconstructed: false,
        schema: r#"{
    "namespace": "gaming",
    "name": "gaming_games",
    "type": "record",
    "fields": [
        {"name": "id", "type": {"type": "int", "arg.properties": {"iteration": {"start": 1000, "step": 1}}}},
        {"name": "room_name", "type": {"type": "string", "arg.properties": {"options": [
            "Arcade -- Rookie", "Arcade -- Skilled", "Arcade -- Expert",
            "Survival -- Rookie", "Survival -- Skilled", "Survival -- Expert",
            "Classic -- Rookie", "Classic -- Skilled", "Classic -- Expert"]}}},
        {"name": "created_date", "type": {"type": "long", "logicalType": "timestamp-millis",
            "arg.properties": {"iteration": {"start": 1609459200000, "step": 100000}}}}
    ]
}"#,
    },
    Quickstart {
        name: "orders",
        aliases: &[],
        key_field: "orderid",
        reconstructed: false,
        schema: r#"{
    "namespace": "ksql",
    "name": "orders",
    "type": "record",
    "fields": [
        {"name": "ordertime", "type": {"type": "long", "arg.properties": {"range": {"min": 1487715775521, "max": 1519273364600}}}},
        {"name": "orderid", "type": {"type": "int", "arg.properties": {"iteration": {"start": 0}}}},
        {"name": "itemid", "type": {"type": "string", "arg.properties": {"regex": "BYOC_Item_[1-9][0-9]{0,2}"}}},
        {"name": "orderunits", "type": {"type": "double", "arg.properties": {"range": {"min": 0.1, "max": 10.0}}}},
        {"name": "address", "type": {"name": "address", "type": "record", "fields": [
            {"name": "city", "type": {"type": "string", "arg.properties": {"regex": "City_[1-9]{0,2}"}}},
            {"name": "state", "type": {"type": "string", "arg.properties": {"regex": "State_[1-9]{0,2}"}}},
            {"name": "zipcode", "type": {"type": "long", "arg.properties": {"range": {"min": 10000, "max": 99999}}}}
        ]}}
    ]
}"#,
    },
    Quickstart {
        name: "product",
        aliases: &["products"],
        key_field: "id",
        reconstructed: false,
        schema: r#"{
    "namespace": "ksql",
    "name": "product",
    "type": "record",
    "fields": [
        {"name": "id", "type": "long"},
        {"name": "name", "type": "string"},
        {"name": "description", "type": "string"},
        {"name": "price", "type": "double"}
    ],
    "arg.properties": {"options": [
        {"id": 10000000001, "name": "boots", "description": "Brown knee-high boots", "price": 32.50},
        {"id": 10000000002, "name": "shirt", "description": "Red long sleeve shirt", "price": 18.26},
        {"id": 10000000003, "name": "knife", "description": "Black paring knife", "price": 27.01},
        {"id": 10000000004, "name": "saucepan", "description": "Stainless steel saucepan", "price": 26.25},
        {"id": 10000000005, "name": "table", "description": "Round breakfast table", "price": 47.32},
        {"id": 10000000006, "name": "chair", "description": "Lowback wooden chair", "price": 29.25},
        {"id": 10000000007, "name": "clock", "description": "Square analog clock", "price": 9.27},
        {"id": 10000000008, "name": "frame", "description": "Large picture frame", "price": 10.05},
        {"id": 10000000009, "name": "guitar", "description": "Classical full-sized guitar", "price": 134.25},
        {"id": 10000000010, "name": "thermometer", "description": "Digital thermometer", "price": 19.50},
        {"id": 10000000011, "name": "scarf", "description": "Cashmere silver scarf", "price": 26.00},
        {"id": 10000000012, "name": "doormat", "description": "Outdoor welcome doormat", "price": 24.50},
        {"id": 10000000013, "name": "vase", "description": "White ceramic vase", "price": 18.00},
        {"id": 10000000014, "name": "clippers", "description": "Mens clippers", "price": 46.50},
        {"id": 10000000015, "name": "game", "description": "Settlers of Catan", "price": 44.28},
        {"id": 10000000016, "name": "towels", "description": "Black hand towel", "price": 8.64}
    ]}
}"#,
    },
    Quickstart {
        name: "purchase",
        aliases: &["purchases"],
        key_field: "id",
        reconstructed: false,
        schema: r#"{
    "namespace": "datagen.example",
    "name": "purchase",
    "type": "record",
    "fields": [
        {"name": "id", "type": {"type": "long", "arg.properties": {"iteration": {"start": 0}}}},
        {"name": "item_type", "type": {"type": "string", "arg.properties": {"options": [
            "boots", "shirt", "knife", "saucepan", "table", "chair", "clock", "frame",
            "guitar", "thermometer", "scarf", "doormat", "vase", "clippers", "game", "towels"]}}},
        {"name": "price_per_unit", "type": {"type": "bytes", "logicalType": "decimal", "precision": 4, "scale": 2,
            "arg.properties": {"range": {"min": 10.00, "max": 50.00}}}}
    ]
}"#,
    },
    Quickstart {
        name: "stock_trades",
        aliases: &[],
        key_field: "symbol",
        reconstructed: false,
        schema: r#"{
    "namespace": "ksql",
    "name": "StockTrade",
    "type": "record",
    "fields": [
        {"name": "side", "type": {"type": "string", "arg.properties": {"options": ["BUY", "SELL", "SHORT"]}}},
        {"name": "quantity", "type": {"type": "int", "arg.properties": {"range": {"min": 1, "max": 5000}}}},
        {"name": "symbol", "type": {"type": "string", "arg.properties": {"options": ["ZBZX", "ZJZZT", "ZTEST", "ZVV", "ZVZZT", "ZWZZT", "ZXZZT"]}}},
        {"name": "price", "type": {"type": "int", "arg.properties": {"range": {"min": 5, "max": 1000}}}},
        {"name": "account", "type": {"type": "string", "arg.properties": {"options": ["ABC123", "LMN456", "XYZ789"]}}},
        {"name": "userid", "type": {"type": "string", "arg.properties": {"regex": "User_[1-9]{0,1}"}}}
    ]
}"#,
    },
];
