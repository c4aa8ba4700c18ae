//! An artifact's state in its lifecycle (seed 002: `stowed`, `reduced`,
//! `jettisoned`). This is the one place the states are spelt as text; the
//! schema's `CHECK` is the other. SQL that filters by state binds the text
//! from here rather than writing it out.

use std::fmt;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// `a.status` read from its record's header alone, for SQL that lists
/// observations. Seed 002 puts `status` after `data`, and reading a column
/// after a big payload walks every overflow page of it: listing a slate
/// that holds a 91 MB frame read 23,273 pages (35 ms warm, the whole file
/// cold) on every `log`, `steer` and `slate list`. `octet_length` of a text
/// column is answered from the header's serial type, and the three states
/// differ in length (the schema's `CHECK` allows no other, and
/// `integrity_check` holds imported files to it); a length that is none of
/// them reads the value as stored.
macro_rules! status_of_a {
    () => {
        "CASE octet_length(a.status) WHEN 6 THEN 'stowed' WHEN 7 THEN 'reduced' \
         WHEN 10 THEN 'jettisoned' ELSE a.status END"
    };
}
pub(crate) use status_of_a;

/// What an artifact still holds of its payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArtifactStatus {
    /// The whole payload.
    Stowed,
    /// A summary in its place (a derivation names the summary artifact).
    Reduced,
    /// Nothing but the hash.
    Jettisoned,
}

impl ArtifactStatus {
    pub(crate) const ALL: [ArtifactStatus; 3] = [
        ArtifactStatus::Stowed,
        ArtifactStatus::Reduced,
        ArtifactStatus::Jettisoned,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ArtifactStatus::Stowed => "stowed",
            ArtifactStatus::Reduced => "reduced",
            ArtifactStatus::Jettisoned => "jettisoned",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<ArtifactStatus> {
        ArtifactStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
    }

    pub fn is_stowed(self) -> bool {
        self == ArtifactStatus::Stowed
    }
}

impl fmt::Display for ArtifactStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for ArtifactStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Read strictly: anything but the three words is an error, never a default.
impl<'de> serde::Deserialize<'de> for ArtifactStatus {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        ArtifactStatus::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("'{text}' is not an artifact status")))
    }
}

/// One of the three words, as it is serialised.
impl schemars::JsonSchema for ArtifactStatus {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ArtifactStatus".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let words: Vec<&str> = ArtifactStatus::ALL.iter().map(|s| s.as_str()).collect();
        schemars::json_schema!({
            "type": "string",
            "enum": words,
            "description": "What an artifact still holds of its payload."
        })
    }
}

impl ToSql for ArtifactStatus {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(ValueRef::Text(
            self.as_str().as_bytes(),
        )))
    }
}

impl FromSql for ArtifactStatus {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        ArtifactStatus::parse(text).ok_or_else(|| {
            FromSqlError::Other(format!("'{text}' is not an artifact status").into())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_as_itself() {
        for status in ArtifactStatus::ALL {
            assert_eq!(ArtifactStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(ArtifactStatus::parse("missing"), None);
    }

    #[test]
    fn the_schema_allows_exactly_these_states() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        crate::storage::schema::create(&mut conn).unwrap();
        for status in ArtifactStatus::ALL {
            conn.execute(
                "INSERT INTO artifacts (hash, data, status) VALUES (?1, x'', ?2)",
                (status.as_str(), status),
            )
            .unwrap();
        }
        let back: Vec<ArtifactStatus> = conn
            .prepare("SELECT status FROM artifacts ORDER BY rowid")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(back, ArtifactStatus::ALL);
        assert!(
            conn.execute(
                "INSERT INTO artifacts (hash, data, status) VALUES ('x', x'', 'lost')",
                []
            )
            .is_err()
        );
    }

    #[test]
    fn the_status_read_from_the_header_is_the_status_stored() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        crate::storage::schema::create(&mut conn).unwrap();
        for status in ArtifactStatus::ALL {
            // A payload over many overflow pages, as a big file's frame.
            conn.execute(
                "INSERT INTO artifacts (hash, data, status) VALUES (?1, zeroblob(200000), ?2)",
                (status.as_str(), status),
            )
            .unwrap();
        }
        let sql = concat!("SELECT a.status, ", status_of_a!(), " FROM artifacts a");
        let rows: Vec<(ArtifactStatus, ArtifactStatus)> = conn
            .prepare(sql)
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(rows.len(), 3);
        for (stored, read) in rows {
            assert_eq!(stored, read);
        }
        let lengths: std::collections::HashSet<usize> = ArtifactStatus::ALL
            .iter()
            .map(|s| s.as_str().len())
            .collect();
        assert_eq!(lengths.len(), 3, "the states must differ in length");
    }
}
