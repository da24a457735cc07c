//! `config.example.toml` documents every key: it must parse, state the
//! defaults, and mention every key the code knows.

use paiju::config::{env_keys, Config};
use std::path::Path;

#[test]
fn example_parses_to_the_defaults() {
    let text = include_str!("../config.example.toml");
    let cfg = Config::from_toml_str(text, Path::new("config.example.toml")).unwrap();
    cfg.validate().unwrap();
    assert_eq!(cfg, Config::default());
}

#[test]
fn example_documents_every_key() {
    let text = include_str!("../config.example.toml");
    for (var, key) in env_keys() {
        let leaf = key.rsplit('.').next().unwrap();
        assert!(
            text.contains(&format!("{leaf} =")) || text.contains(&format!("# {leaf} =")),
            "config.example.toml does not document {key} ({var})"
        );
    }
}

#[test]
fn example_with_commented_keys_enabled_parses() {
    let text = include_str!("../config.example.toml")
        .replace("# token = \"...\"", "token = \"abc.def\"")
        .replace(
            "# api_url = \"http://127.0.0.1:8080\"",
            "api_url = \"http://127.0.0.1:8080\"",
        )
        .replace(
            "# dev_guild = 123456789012345678",
            "dev_guild = 123456789012345678",
        )
        .replace(
            "# listen = \"127.0.0.1:9100\"",
            "listen = \"127.0.0.1:9100\"",
        )
        .replace("format = \"text\"", "format = \"json\"")
        .replace("# [ratings.tier_names]", "[ratings.tier_names]")
        .replace("# metals.zh-CN = ", "metals.zh-CN = ");
    let cfg = Config::from_toml_str(&text, Path::new("x.toml")).unwrap();
    cfg.validate().unwrap();
    assert_eq!(cfg.discord.token.as_deref(), Some("abc.def"));
    assert_eq!(
        cfg.discord.api_url.as_deref(),
        Some("http://127.0.0.1:8080")
    );
    assert_eq!(cfg.discord.dev_guild, Some(123456789012345678));
    assert_eq!(
        cfg.ops.listen_addr(),
        Some("127.0.0.1:9100".parse().unwrap())
    );
    assert_eq!(cfg.log.format, paiju::config::LogFormat::Json);
    assert_eq!(cfg.ratings.tier_names["metals"]["zh-CN"][6], "王者");
    // A language paiju does not speak is refused, naming the key.
    let french = text.replace("metals.zh-CN = ", "metals.fr = ");
    let err = Config::from_toml_str(&french, Path::new("x.toml"))
        .unwrap()
        .validate()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("ratings.tier_names") && err.contains("`fr`"),
        "{err}"
    );
}
