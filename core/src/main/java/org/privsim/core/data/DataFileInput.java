package org.privsim.core.data;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * A data file opened for parsing within bounds: the path must be a regular, readable {@code .csv} or
 * {@code .csv.gz} file of at most {@link #MAX_FILE_BYTES} (checked before it is opened), a {@code .gz}
 * file may expand to at most {@link #MAX_DECOMPRESSED_BYTES}, and a reader wrapped by
 * {@link #lineLimited} refuses a line longer than {@link #MAX_LINE_CHARS} as soon as it is seen.
 *
 * <p>Guarantees: the file is streamed, never held whole; its SHA-256 is computed over every byte
 * on disk (the bytes the parser did not need too); every problem is a {@link DatasetException}
 * blamed on {@code path} that names the file and the reason, never the file's content.
 */
public final class DataFileInput {

    private DataFileInput() {
    }

    /** Parses a file's (decompressed) bytes. */
    @FunctionalInterface
    interface Parse<T> {
        T parse(InputStream bytes) throws IOException;
    }

    /** What a parse made of a file, and the SHA-256 of the file's bytes (lower-case hex). */
    record Read<T>(T value, String sha256) {
    }

    /**
     * Opens {@code file} within the bounds above and hands its bytes to {@code parse}.
     *
     * @throws DatasetException when the file cannot be read, is too large, or is not valid UTF-8 or gzip
     */
    static <T> Read<T> read(Path file, Parse<T> parse) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
        checkFile(file);
        boolean gz = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        try (InputStream raw = Files.newInputStream(file);
             DigestInputStream hashed = new DigestInputStream(new BufferedInputStream(raw, 1 << 16), digest)) {
            InputStream bytes = gz ? new BoundedInputStream(new GZIPInputStream(hashed, 1 << 16), file) : hashed;
            T value = parse.parse(bytes);
            hashed.transferTo(OutputSink.INSTANCE); // hash any bytes the parser did not need (gzip trailer)
            return new Read<>(value, HexFormat.of().formatHex(digest.digest()));
        } catch (NoSuchFileException e) {
            throw new DatasetException("path", "cannot read " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new DatasetException("path", "cannot read " + file + ": permission denied");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new DatasetException("path", "cannot read " + file + ": not valid UTF-8 text");
        } catch (java.io.EOFException e) {
            throw new DatasetException("path", "cannot read " + file + ": the compressed data ends early"
                    + " (a truncated .gz file)");
        } catch (java.util.zip.ZipException e) {
            throw new DatasetException("path", "cannot read " + file + ": not valid gzip data");
        } catch (IOException e) {
            throw new DatasetException("path", "cannot read " + file + ": "
                    + (Files.isDirectory(file) ? "it is a directory" : "read error"));
        }
    }

    /** A reader passing {@code in} through that refuses a line over {@link #MAX_LINE_CHARS} characters of {@code file}. */
    static Reader lineLimited(Reader in, Path file) {
        return new LineLimitReader(in, file);
    }

    /** The largest data file read, compressed or not (2 GiB). */
    public static final long MAX_FILE_BYTES = 2L << 30;
    /** The most bytes a {@code .gz} data file may expand to (2 GiB, as for a plain file). */
    public static final long MAX_DECOMPRESSED_BYTES = 2L << 30;
    /** The longest line (in characters) of a data file; longer ones are refused while scanning. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /**
     * Refuses, before opening it, a path that is not a regular {@code .csv} or {@code .csv.gz} file
     * of at most {@link #MAX_FILE_BYTES}: devices, FIFOs and directories are never opened, and a
     * file of another format is never read (its content is never echoed in an error).
     */
    private static void checkFile(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!Files.exists(file)) {
            throw new DatasetException("path", "cannot read " + file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new DatasetException("path", "cannot read " + file + ": it is a directory");
        }
        if (!Files.isRegularFile(file)) {
            throw new DatasetException("path", "cannot read " + file + ": not a regular file (a device, pipe or"
                    + " socket)");
        }
        if (!name.endsWith(".csv") && !name.endsWith(".csv.gz")) {
            throw new DatasetException("path", file + ": must name a .csv or .csv.gz file");
        }
        if (!Files.isReadable(file)) {
            throw new DatasetException("path", "cannot read " + file + ": permission denied");
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new DatasetException("path", "cannot read " + file + ": read error");
        }
        if (size > MAX_FILE_BYTES) {
            throw new DatasetException("path", file + " has " + size + " bytes, more than the "
                    + MAX_FILE_BYTES + " a data file may have");
        }
    }

    /** Counts the bytes a decompressing stream yields and refuses more than {@link #MAX_DECOMPRESSED_BYTES}. */
    private static final class BoundedInputStream extends java.io.FilterInputStream {
        private final Path file;
        private long count;

        BoundedInputStream(InputStream in, Path file) {
            super(in);
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                add(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                add(n);
            }
            return n;
        }

        private void add(long n) {
            count += n;
            if (count > MAX_DECOMPRESSED_BYTES) {
                throw new DatasetException("path", file + " expands to more than " + MAX_DECOMPRESSED_BYTES
                        + " bytes, the most a compressed data file may hold");
            }
        }
    }

    /**
     * Passes characters through, refusing a line longer than {@link #MAX_LINE_CHARS} as soon as
     * it is seen (so a file without line ends is never held whole).
     */
    static final class LineLimitReader extends java.io.FilterReader {
        private final Path file;
        private int column;
        private long line = 1;

        LineLimitReader(Reader in, Path file) {
            super(in);
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                see((char) c);
            }
            return c;
        }

        @Override
        public int read(char[] buffer, int off, int len) throws IOException {
            int n = super.read(buffer, off, len);
            for (int i = 0; i < n; i++) {
                see(buffer[off + i]);
            }
            return n;
        }

        private void see(char c) {
            if (c == '\n') {
                column = 0;
                line++;
            } else if (++column > MAX_LINE_CHARS) {
                throw new DatasetException("path", file + " line " + line + " is longer than " + MAX_LINE_CHARS
                        + " characters");
            }
        }
    }

    /** Discards bytes (the digest has already seen them). */
    private static final class OutputSink extends java.io.OutputStream {
        static final OutputSink INSTANCE = new OutputSink();

        @Override
        public void write(int b) {}

        @Override
        public void write(byte[] b, int off, int len) {}
    }
}
