//! The SQLite writer connection's file layer (a VFS wrapped around SQLite's
//! own): one write call for each frame of the write-ahead log, where SQLite
//! makes two.
//!
//! Why: SQLite writes a log frame as its 24-byte header, then its page
//! (`walWriteOneFrame` in `wal.c`), each a `pwrite`. A profile of the settle
//! benchmark had ~30 % of the writer thread's time in those calls, ~14 a
//! settlement, each paying a system call's fixed cost for a few bytes.
//! Here a header is held back and written together with the page that
//! follows it, in one call.
//!
//! Nothing committed may wait in a buffer: SQLite publishes a commit to
//! readers (and to a recovery after a crash) once its frames are written,
//! through shared memory that this layer does not see. So a header is held
//! only when nothing can come between it and its page:
//!
//! - it is 24 bytes long and starts exactly where this file's previous
//!   write ended, as every frame header `walWriteOneFrame` appends does.
//!   The only other 24-byte writes, the headers `walRewriteChecksums`
//!   rewrites before a commit that overwrote frames of its own, each start
//!   a whole frame away from the write before them, so they go straight
//!   to the file (the last of them is the commit's header, published right
//!   after it);
//! - any other call on the file — a write elsewhere, a read, a sync, a
//!   size, a lock, a file control, a close — first writes what is held.
//!
//! Every other file (the database, its journal) is SQLite's own, untouched.
//! Only the ledger's writer connection opens its database through this VFS
//! (`Ledger::open`); the readers and the checkpoint task use SQLite's.

use libsqlite3_sys as ffi;
use std::ffi::{c_int, c_void, CStr};
use std::mem::{align_of, size_of};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

/// The name the ledger's writer connection asks for (`?vfs=`).
pub(crate) const NAME: &str = "paiju-wal-pairs";
const NAME_C: &CStr = c"paiju-wal-pairs";

/// The length of a log frame's header (`WAL_FRAME_HDRSIZE`).
const FRAME_HEADER: usize = 24;

/// SQLite's own VFS this one wraps (the default: "unix" here).
static INNER: AtomicPtr<ffi::sqlite3_vfs> = AtomicPtr::new(ptr::null_mut());

#[cfg(test)]
thread_local! {
    /// How many headers this thread wrote in one call with their page:
    /// tests read it to know the pairing happened.
    static PAIRED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Registers the VFS once per process (SQLite keeps the registration for
/// the life of the process); `false` when SQLite has no default VFS to
/// wrap, and the writer then opens its file the ordinary way.
pub(crate) fn register() -> bool {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    *REGISTERED.get_or_init(|| {
        // SAFETY: `sqlite3_vfs_find(NULL)` initializes SQLite if needed and
        // returns its default VFS, which lives for the process.
        let inner = unsafe { ffi::sqlite3_vfs_find(ptr::null()) };
        if inner.is_null() {
            return false;
        }
        // SAFETY: `inner` is SQLite's registered VFS.
        let inner_ref = unsafe { &*inner };
        let Ok(inner_size) = usize::try_from(inner_ref.szOsFile) else {
            return false;
        };
        let Ok(size) = c_int::try_from(INNER_OFFSET + inner_size) else {
            return false;
        };
        INNER.store(inner, Ordering::Release);
        // A copy of SQLite's VFS (its `pAppData` included: the unix VFS
        // keeps its file-locking style there), with room for our fields in
        // front of each file, and our `xOpen`. Its other methods are
        // SQLite's, called with this VFS, which they only read those
        // copied fields of.
        let vfs = Box::new(ffi::sqlite3_vfs {
            szOsFile: size,
            pNext: ptr::null_mut(),
            zName: NAME_C.as_ptr(),
            xOpen: Some(open),
            ..*inner_ref
        });
        // Leaked: SQLite holds the pointer for the life of the process.
        let vfs = Box::into_raw(vfs);
        // SAFETY: `vfs` is a complete VFS that outlives the process's use.
        unsafe { ffi::sqlite3_vfs_register(vfs, 0) == ffi::SQLITE_OK }
    })
}

/// How many frame headers this thread wrote with their page in one call.
#[cfg(test)]
fn paired_writes() -> u64 {
    PAIRED.get()
}

/// A log file opened through this VFS: our fields, then SQLite's own file
/// object (at [`INNER_OFFSET`]), whose methods do the actual IO.
#[repr(C)]
struct WalFile {
    /// Must come first: SQLite sees a `sqlite3_file` whose methods are ours.
    base: ffi::sqlite3_file,
    /// Where the file's previous write ended (`-1`: none yet).
    last_end: i64,
    /// Where the held header goes, when `held` is set.
    held_at: i64,
    held: bool,
    header: [u8; FRAME_HEADER],
    /// A header and its page, joined for the one write.
    joined: Vec<u8>,
}

/// Where SQLite's file object starts inside ours (aligned for it).
const INNER_OFFSET: usize = size_of::<WalFile>().next_multiple_of(align_of::<u64>());

/// SQLite's file object inside ours.
///
/// # Safety
/// `file` is a [`WalFile`] this VFS opened, allocated with our `szOsFile`.
unsafe fn inner(file: *mut ffi::sqlite3_file) -> *mut ffi::sqlite3_file {
    file.cast::<u8>().add(INNER_OFFSET).cast()
}

/// SQLite's methods for the file inside ours.
///
/// # Safety
/// As [`inner`]; the inner file is open (its methods are set).
unsafe fn inner_methods<'a>(file: *mut ffi::sqlite3_file) -> &'a ffi::sqlite3_io_methods {
    &*(*inner(file)).pMethods
}

unsafe extern "C" fn open(
    _vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    let real = INNER.load(Ordering::Acquire);
    // SAFETY (here and below): SQLite calls this with a file object of our
    // `szOsFile` bytes, at least SQLite's own size and alignment.
    let Some(real_open) = (*real).xOpen else {
        return ffi::SQLITE_CANTOPEN;
    };
    if flags & ffi::SQLITE_OPEN_WAL == 0 {
        // Not a log: SQLite's own file, in place, with SQLite's methods.
        return real_open(real, name, file, flags, out_flags);
    }
    let rc = real_open(real, name, inner(file), flags, out_flags);
    if (*inner(file)).pMethods.is_null() {
        // Failed without anything to close.
        (*file).pMethods = ptr::null();
        return rc;
    }
    // Open (or failed with something SQLite will close): ours from now on.
    ptr::write(
        file.cast::<WalFile>(),
        WalFile {
            base: ffi::sqlite3_file {
                pMethods: &WAL_METHODS,
            },
            last_end: -1,
            held_at: 0,
            held: false,
            header: [0; FRAME_HEADER],
            joined: Vec::new(),
        },
    );
    rc
}

/// Writes the held header, if any. On failure it stays held, and the error
/// is returned (again, by the next call that can return one).
///
/// # Safety
/// `file` is an open [`WalFile`].
unsafe fn flush(file: *mut ffi::sqlite3_file) -> c_int {
    let f = &mut *file.cast::<WalFile>();
    if !f.held {
        return ffi::SQLITE_OK;
    }
    let write = inner_methods(file).xWrite.expect("SQLite's xWrite");
    let rc = write(
        inner(file),
        f.header.as_ptr().cast(),
        FRAME_HEADER as c_int,
        f.held_at,
    );
    if rc == ffi::SQLITE_OK {
        f.held = false;
    }
    rc
}

unsafe extern "C" fn write(
    file: *mut ffi::sqlite3_file,
    data: *const c_void,
    amount: c_int,
    offset: i64,
) -> c_int {
    let Ok(len) = usize::try_from(amount) else {
        return ffi::SQLITE_IOERR_WRITE;
    };
    let real_write = inner_methods(file).xWrite.expect("SQLite's xWrite");
    let f = &mut *file.cast::<WalFile>();
    if f.held && offset == f.held_at + FRAME_HEADER as i64 {
        // The page after the held header: both in one call.
        f.joined.clear();
        f.joined.extend_from_slice(&f.header);
        f.joined
            .extend_from_slice(std::slice::from_raw_parts(data.cast::<u8>(), len));
        f.held = false;
        let Ok(joined_len) = c_int::try_from(f.joined.len()) else {
            return ffi::SQLITE_IOERR_WRITE;
        };
        let rc = real_write(inner(file), f.joined.as_ptr().cast(), joined_len, f.held_at);
        if rc == ffi::SQLITE_OK {
            f.last_end = offset + i64::from(amount);
            #[cfg(test)]
            PAIRED.set(PAIRED.get() + 1);
        }
        return rc;
    }
    let rc = flush(file);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    let f = &mut *file.cast::<WalFile>();
    if len == FRAME_HEADER && offset == f.last_end {
        // A frame header appended after the previous write: its page is
        // SQLite's very next write on this file.
        f.header
            .copy_from_slice(std::slice::from_raw_parts(data.cast::<u8>(), len));
        f.held_at = offset;
        f.held = true;
        return ffi::SQLITE_OK;
    }
    let rc = real_write(inner(file), data, amount, offset);
    if rc == ffi::SQLITE_OK {
        f.last_end = offset + i64::from(amount);
    }
    rc
}

unsafe extern "C" fn close(file: *mut ffi::sqlite3_file) -> c_int {
    let flushed = flush(file);
    let close = inner_methods(file).xClose.expect("SQLite's xClose");
    let rc = close(inner(file));
    // Our fields were written in place by `open`: drop them in place.
    ptr::drop_in_place(file.cast::<WalFile>());
    (*file).pMethods = ptr::null();
    if flushed != ffi::SQLITE_OK {
        flushed
    } else {
        rc
    }
}

/// Defines a method that writes what is held, then forwards the call to
/// SQLite's file (returning the write's error instead, if it failed).
macro_rules! flush_then_forward {
    ($name:ident, $method:ident, ($($arg:ident: $ty:ty),*)) => {
        unsafe extern "C" fn $name(file: *mut ffi::sqlite3_file $(, $arg: $ty)*) -> c_int {
            let rc = flush(file);
            if rc != ffi::SQLITE_OK {
                return rc;
            }
            match inner_methods(file).$method {
                Some(m) => m(inner(file) $(, $arg)*),
                None => ffi::SQLITE_IOERR,
            }
        }
    };
}

flush_then_forward!(read, xRead, (data: *mut c_void, amount: c_int, offset: i64));
flush_then_forward!(truncate, xTruncate, (size: i64));
flush_then_forward!(sync, xSync, (flags: c_int));
flush_then_forward!(file_size, xFileSize, (size: *mut i64));
flush_then_forward!(lock, xLock, (level: c_int));
flush_then_forward!(unlock, xUnlock, (level: c_int));
flush_then_forward!(check_reserved_lock, xCheckReservedLock, (out: *mut c_int));
flush_then_forward!(file_control, xFileControl, (op: c_int, arg: *mut c_void));
flush_then_forward!(shm_map, xShmMap, (page: c_int, size: c_int, extend: c_int, out: *mut *mut c_void));
flush_then_forward!(shm_lock, xShmLock, (offset: c_int, n: c_int, flags: c_int));
flush_then_forward!(shm_unmap, xShmUnmap, (delete: c_int));
flush_then_forward!(fetch, xFetch, (offset: i64, amount: c_int, out: *mut *mut c_void));
flush_then_forward!(unfetch, xUnfetch, (offset: i64, page: *mut c_void));

// These three return no error code: what is held is written (or, should
// that fail, kept for the next call that can report it) before them.

unsafe extern "C" fn sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    flush(file);
    inner_methods(file)
        .xSectorSize
        .map_or(0, |m| m(inner(file)))
}

unsafe extern "C" fn device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    flush(file);
    inner_methods(file)
        .xDeviceCharacteristics
        .map_or(0, |m| m(inner(file)))
}

unsafe extern "C" fn shm_barrier(file: *mut ffi::sqlite3_file) {
    flush(file);
    if let Some(m) = inner_methods(file).xShmBarrier {
        m(inner(file));
    }
}

static WAL_METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 3,
    xClose: Some(close),
    xRead: Some(read),
    xWrite: Some(write),
    xTruncate: Some(truncate),
    xSync: Some(sync),
    xFileSize: Some(file_size),
    xLock: Some(lock),
    xUnlock: Some(unlock),
    xCheckReservedLock: Some(check_reserved_lock),
    xFileControl: Some(file_control),
    xSectorSize: Some(sector_size),
    xDeviceCharacteristics: Some(device_characteristics),
    xShmMap: Some(shm_map),
    xShmLock: Some(shm_lock),
    xShmBarrier: Some(shm_barrier),
    xShmUnmap: Some(shm_unmap),
    xFetch: Some(fetch),
    xUnfetch: Some(unfetch),
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::path::Path;

    /// A connection through SQLite's C API (the ledger's go through sqlx).
    struct Db(*mut ffi::sqlite3);

    impl Db {
        fn open(path: &Path, vfs: Option<&CStr>) -> Db {
            let path = CString::new(path.to_str().unwrap()).unwrap();
            let mut db = ptr::null_mut();
            // SAFETY: valid C strings; `db` receives the handle.
            let rc = unsafe {
                ffi::sqlite3_open_v2(
                    path.as_ptr(),
                    &mut db,
                    ffi::SQLITE_OPEN_READWRITE | ffi::SQLITE_OPEN_CREATE,
                    vfs.map_or(ptr::null(), CStr::as_ptr),
                )
            };
            assert_eq!(rc, ffi::SQLITE_OK, "open {path:?}");
            Db(db)
        }

        fn exec(&self, sql: &str) {
            let sql = CString::new(sql).unwrap();
            // SAFETY: an open connection and a valid C string.
            let rc = unsafe {
                ffi::sqlite3_exec(self.0, sql.as_ptr(), None, ptr::null_mut(), ptr::null_mut())
            };
            assert_eq!(rc, ffi::SQLITE_OK, "{sql:?}: {}", self.error());
        }

        /// The first row's columns of `sql`, as text.
        fn row(&self, sql: &str) -> Vec<String> {
            let sql = CString::new(sql).unwrap();
            let mut stmt = ptr::null_mut();
            // SAFETY: an open connection; the statement is finalized below.
            unsafe {
                let rc =
                    ffi::sqlite3_prepare_v2(self.0, sql.as_ptr(), -1, &mut stmt, ptr::null_mut());
                assert_eq!(rc, ffi::SQLITE_OK, "{sql:?}: {}", self.error());
                assert_eq!(ffi::sqlite3_step(stmt), ffi::SQLITE_ROW, "{sql:?}");
                let row = (0..ffi::sqlite3_column_count(stmt))
                    .map(|i| {
                        let text = ffi::sqlite3_column_text(stmt, i);
                        if text.is_null() {
                            "NULL".to_string()
                        } else {
                            CStr::from_ptr(text.cast()).to_string_lossy().into_owned()
                        }
                    })
                    .collect();
                ffi::sqlite3_finalize(stmt);
                row
            }
        }

        fn error(&self) -> String {
            // SAFETY: an open connection; SQLite owns the message.
            unsafe { CStr::from_ptr(ffi::sqlite3_errmsg(self.0)) }
                .to_string_lossy()
                .into_owned()
        }
    }

    impl Drop for Db {
        fn drop(&mut self) {
            // SAFETY: every statement was finalized.
            unsafe { ffi::sqlite3_close(self.0) };
        }
    }

    /// What the table holds: rows, bytes, and a checksum of every value.
    const CONTENT: &str =
        "SELECT count(*), sum(length(v)), sum(id * unicode(substr(v, 1 + id % 50, 1))) FROM t";

    /// Writes through the VFS, then copies the database and its log as a
    /// crash at that moment would leave them (the writer still open, its
    /// log never checkpointed) and opens the copy with SQLite's own VFS:
    /// every committed transaction must be there. The transactions include
    /// one larger than the page cache, which SQLite spills into the log
    /// before its commit and then overwrites, so that the commit rewrites
    /// the frame headers of its own frames — the headers this VFS must not
    /// hold.
    #[test]
    fn a_crash_after_any_commit_loses_nothing_written_through_the_pairs() {
        assert!(register());
        for synchronous in ["NORMAL", "FULL"] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("pairs.db");
            let db = Db::open(&path, Some(NAME_C));
            db.exec(&format!(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = {synchronous}; \
                 PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = 8; \
                 CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)"
            ));
            let paired_before = paired_writes();
            let mut expected = Vec::new();
            let mut copies = 0;
            let mut check = |db: &Db| {
                // Copied first: any later call on the writer's log (the
                // read below) would write what a bug had held back.
                let copy = dir.path().join(format!("copy{copies}"));
                copies += 1;
                std::fs::create_dir(&copy).unwrap();
                for suffix in ["", "-wal"] {
                    std::fs::copy(
                        format!("{}{suffix}", path.display()),
                        copy.join(format!("pairs.db{suffix}")),
                    )
                    .unwrap();
                }
                let content = db.row(CONTENT);
                let recovered = Db::open(&copy.join("pairs.db"), None);
                assert_eq!(recovered.row("PRAGMA integrity_check"), ["ok"]);
                assert_eq!(recovered.row(CONTENT), content, "{synchronous}");
                expected.push(content);
            };
            // Small transactions, one at a time.
            for i in 0..30 {
                db.exec(&format!(
                    "INSERT INTO t (v) VALUES (printf('%.*c', 300 + {i}, 'a'))"
                ));
                check(&db);
            }
            // One transaction of many more pages than the cache holds, each
            // page changed twice: spilled, then overwritten at its commit.
            db.exec(
                "BEGIN; \
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) \
                 INSERT INTO t (v) SELECT printf('%.*c', 900, char(65 + i % 26)) FROM n; \
                 UPDATE t SET v = v || 'x'; \
                 UPDATE t SET v = substr(v, 2) || 'y' WHERE id % 2 = 0; \
                 COMMIT",
            );
            check(&db);
            // And small ones after it, appended to the same log.
            for i in 0..10 {
                db.exec(&format!("UPDATE t SET v = v || 'z' WHERE id % 10 = {i}"));
                check(&db);
            }
            assert!(
                paired_writes() - paired_before > 400,
                "headers were written with their pages"
            );
            assert_eq!(expected.len(), 41);
        }
    }
}
