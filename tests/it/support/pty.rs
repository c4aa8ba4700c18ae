//! A pseudo-terminal in raw mode, so what helm writes to it arrives as it
//! was written: the tests that check what helm does on a terminal (escaped
//! JSON, progress) give one end to helm and read the other.

use std::fs::File;
use std::os::fd::FromRawFd;

/// The terminal's two ends: the one the test reads (`master`) and the one
/// helm writes to.
pub fn raw() -> (File, File) {
    // SAFETY: plain libc calls on descriptors this function owns; each result
    // is checked before it is used, and both ends end up owned by a File.
    unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(master >= 0, "no pseudo-terminal");
        assert_eq!(libc::grantpt(master), 0);
        assert_eq!(libc::unlockpt(master), 0);
        let mut name = [0 as libc::c_char; 256];
        assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
        let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
        assert!(slave >= 0);
        let mut mode: libc::termios = std::mem::zeroed();
        assert_eq!(libc::tcgetattr(slave, &mut mode), 0);
        libc::cfmakeraw(&mut mode);
        assert_eq!(libc::tcsetattr(slave, libc::TCSANOW, &mode), 0);
        (File::from_raw_fd(master), File::from_raw_fd(slave))
    }
}
