//! Each refusal of an approval records nothing and sends nothing.
