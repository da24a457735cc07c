//! The basic bot (placeholder until written below).
