//! The word lists behind the faker expressions: 8 to 25 entries each, `|`-separated
//! in one string per list (a list costs its text and nothing per entry, in the page's module).
//!
//! They are JoinLab's own short lists in DataFaker's spirit (English, United States formats), not
//! DataFaker's locale files: a value is drawn uniformly from its list ([`pick`]).

use crate::datagen::rng::Rng;

pub const FIRST_NAMES: &str = "James|Mary|John|Patricia|Robert|Jennifer|Michael|Linda|William|Elizabeth|David|Barbara|Richard|Susan|Joseph|Jessica|Thomas|Sarah|Daniel|Karen|Mark|Emily|Paul|Carol";
pub const LAST_NAMES: &str = "Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Lopez|Wilson|Anderson|Taylor|Moore|Jackson|Martin|Lee|Thompson|White|Harris|Clark|Young|King";
pub const CITIES: &str = "Springfield|Riverside|Franklin|Greenville|Bristol|Clinton|Fairview|Salem|Madison|Georgetown|Arlington|Ashland|Oxford|Dover|Dayton|Kingston|Chester|Portland";
pub const COUNTRIES: &str = "United States|Canada|Mexico|Brazil|United Kingdom|Ireland|France|Germany|Spain|Italy|Netherlands|Sweden|Poland|Turkey|Egypt|Nigeria|India|China|Japan|Australia";
pub const COUNTRY_CODES: &str = "US|CA|MX|BR|GB|IE|FR|DE|ES|IT|NL|SE|PL|TR|EG|NG|IN|CN|JP|AU";
pub const STATES: &str = "California|Texas|Florida|New York|Pennsylvania|Illinois|Ohio|Georgia|Michigan|Virginia|Washington|Arizona|Colorado|Oregon";
pub const STREET_SUFFIXES: &str = "Street|Avenue|Road|Lane|Drive|Court|Place|Way";
pub const EMAIL_DOMAINS: &str = "gmail.com|yahoo.com|hotmail.com|outlook.com";
pub const DOMAIN_SUFFIXES: &str = "com|net|org|io|info|biz";
pub const PRODUCT_ADJECTIVES: &str =
    "Small|Ergonomic|Rustic|Intelligent|Gorgeous|Incredible|Fantastic|Practical|Sleek|Awesome|Heavy Duty|Lightweight";
pub const MATERIALS: &str = "Steel|Wooden|Concrete|Plastic|Cotton|Granite|Rubber|Leather|Silk|Wool|Marble|Copper";
pub const PRODUCTS: &str =
    "Chair|Car|Computer|Gloves|Pants|Shirt|Table|Shoes|Hat|Plate|Knife|Bottle|Coat|Lamp|Keyboard|Clock";
pub const DEPARTMENTS: &str = "Books|Movies|Music|Games|Electronics|Computers|Home|Garden|Tools|Grocery|Health|Beauty|Toys|Clothing|Sports|Automotive";
pub const COLORS: &str = "red|orange|yellow|green|blue|violet|purple|pink|white|black|gray|silver|gold|teal";
pub const VENDORS: &str = "Walmart|Target|Costco|Kroger|Walgreens|Home Depot|Best Buy|IKEA";
pub const COMPANY_SUFFIXES: &str = "Inc|LLC|Group|and Sons|Ltd";
pub const INDUSTRIES: &str =
    "Banking|Insurance|Retail|Logistics|Healthcare|Education|Hospitality|Manufacturing|Energy|Software";
pub const BUZZWORDS: &str =
    "synergy|paradigm|bandwidth|scalable|real-time|cloud-native|streaming|holistic|agile|robust|seamless|end-to-end";
pub const LOREM: &str =
    "lorem|ipsum|dolor|sit|amet|consectetur|adipiscing|elit|sed|do|eiusmod|tempor|labore|magna|aliqua|veniam";

/// The lists by code (`\x01` is the first) in the built-in formats of [`super::providers::FORMATS`].
pub const LISTS: [&str; 19] = [
    FIRST_NAMES,
    LAST_NAMES,
    CITIES,
    COUNTRIES,
    COUNTRY_CODES,
    STATES,
    STREET_SUFFIXES,
    EMAIL_DOMAINS,
    DOMAIN_SUFFIXES,
    PRODUCT_ADJECTIVES,
    MATERIALS,
    PRODUCTS,
    DEPARTMENTS,
    COLORS,
    VENDORS,
    COMPANY_SUFFIXES,
    INDUSTRIES,
    BUZZWORDS,
    LOREM,
];

/// How many entries a list has.
pub fn count(list: &str) -> usize {
    list.bytes().filter(|&b| b == b'|').count() + 1
}

/// Entry `k` of a list (empty past the end).
pub fn nth(list: &'static str, k: usize) -> &'static str {
    list.split('|').nth(k).unwrap_or("")
}

/// One entry, uniform.
pub fn pick(list: &'static str, rng: &mut Rng) -> &'static str {
    nth(list, rng.below(count(list) as u64) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_have_no_empty_or_padded_entries() {
        for l in LISTS {
            for w in l.split('|') {
                assert!(!w.is_empty() && w.trim() == w, "{:?} in {}", w, l);
            }
        }
        assert_eq!(count("a|b|c"), 3);
        assert_eq!(nth("a|b|c", 2), "c");
    }

    #[test]
    fn every_entry_is_drawn() {
        let mut r = Rng::new(5);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..2_000 {
            seen.insert(pick(COUNTRY_CODES, &mut r));
        }
        assert_eq!(seen.len(), count(COUNTRY_CODES));
    }
}
