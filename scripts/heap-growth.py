#!/usr/bin/env python3
"""What grew between two heap dumps of one JVM, by owner (docs/cluster.md, "Soak").

    scripts/heap-growth.py BEFORE.hprof AFTER.hprof [--strings N]

Reads two HPROF dumps (`jcmd PID GC.heap_dump FILE`, as cluster-conf/netns-cluster.sh takes with
PRIVSIM_HEAP_DUMP_DIR), gives every object an owner — the first of the categories below met on a
path of referrers from the object upward (the first referrer at each step) — and prints, per
owner, how many KB of shallow size the second dump holds more than the first. A dump names no
object across two dumps (addresses move), so growth is compared by owner, not by object. With
--strings N it also lists the N most frequent String values the second dump holds more often than
the first, each with one referrer path: how a growing cache was found.

Python 3 standard library only; a 40 MB dump takes ~15 s.
"""
import argparse
import collections
import struct
import sys

# Owner categories: a substring of a class name on the referrer path, and the owner it names.
OWNERS = [
    ("ActorRefResolveCacheWithAddress", "Artery inbound resolve caches (per decoder, 1,024 entries)"),
    ("serialization.ActorRefResolveCache", "serialization resolve caches (per thread, 1,024 entries)"),
    ("HeartbeatHistory", "failure-detector history (max-sample-size per peer)"),
    ("artery.compress.", "Artery compression tables"),
    ("DelegatingClassLoader", "reflection accessors (JDK inflation)"),
    ("jdk.internal.reflect.", "reflection accessors (JDK inflation)"),
    ("java.lang.invoke.", "method handles and lambda forms"),
    ("SSLSession", "TLS sessions"),
    ("artery.AssociationState", "Artery association states"),
    ("artery.Association", "Artery associations"),
    ("cluster.ddata.", "Distributed Data"),
    ("cluster.sharding.", "cluster sharding"),
    ("org.privsim.", "privsim"),
    ("ClassLoader", "class loaders"),
]
NO_REFERRER = "no referrer in the dump (class metadata, JVM roots)"

BASIC = {4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}  # HPROF basic type -> bytes


class Heap:
    """The objects of one HPROF dump: classes, instances, arrays and who references whom."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.buf = b = f.read()
        end = b.index(b"\0")
        self.idsize = struct.unpack(">I", b[end + 1:end + 5])[0]
        self.sizes = dict(BASIC)
        self.sizes[2] = self.idsize
        self.names = {}        # string id -> text
        self.class_name = {}   # class object id -> name string id, then name
        self.classes = {}      # class id -> (super id, [(field name id, type)], [static object refs])
        self.instances = {}    # id -> (class id, offset, length)
        self.obj_arrays = {}   # id -> (array class id, offset, length)
        self.prim_arrays = {}  # id -> (type, offset, length)
        p = end + 1 + 4 + 8
        while p < len(b):
            tag = b[p]
            length = struct.unpack(">I", b[p + 5:p + 9])[0]
            body = p + 9
            if tag == 0x01:
                self.names[self.ref(body)] = b[body + self.idsize:body + length].decode("utf8", "replace")
            elif tag == 0x02:
                self.class_name[self.ref(body + 4)] = self.ref(body + 8 + self.idsize)
            elif tag in (0x0C, 0x1C):
                self._heap(body, body + length)
            p = body + length
        self.class_name = {k: self.names.get(v, "?").replace("/", ".") for k, v in self.class_name.items()}
        self.referrers = collections.defaultdict(list)
        for oid in list(self.instances) + list(self.obj_arrays):
            for target in self.refs(oid):
                self.referrers[target].append(oid)
        for cid, (_, _, statics) in self.classes.items():
            for target in statics:
                self.referrers[target].append(cid)

    def ref(self, p):
        return struct.unpack(">Q" if self.idsize == 8 else ">I", self.buf[p:p + self.idsize])[0]

    def _heap(self, p, end):
        b, n = self.buf, self.idsize
        root_sizes = {0xFF: n, 0x01: 2 * n, 0x02: n + 8, 0x03: n + 8, 0x04: n + 4, 0x05: n,
                      0x06: n + 4, 0x07: n, 0x08: n + 8}
        while p < end:
            sub = b[p]
            p += 1
            if sub in root_sizes:
                p += root_sizes[sub]
            elif sub == 0x20:  # class dump
                cid, sup = self.ref(p), self.ref(p + n + 4)
                p += 7 * n + 8
                count = struct.unpack(">H", b[p:p + 2])[0]
                p += 2
                for _ in range(count):  # constant pool: index, type, value
                    p += 3 + self.sizes[b[p + 2]]
                count = struct.unpack(">H", b[p:p + 2])[0]
                p += 2
                statics = []
                for _ in range(count):
                    kind = b[p + n]
                    if kind == 2:
                        statics.append(self.ref(p + n + 1))
                    p += n + 1 + self.sizes[kind]
                count = struct.unpack(">H", b[p:p + 2])[0]
                p += 2
                fields = []
                for _ in range(count):
                    fields.append((self.ref(p), b[p + n]))
                    p += n + 1
                self.classes[cid] = (sup, fields, statics)
            elif sub == 0x21:  # instance
                oid, cid = self.ref(p), self.ref(p + n + 4)
                length = struct.unpack(">I", b[p + 2 * n + 4:p + 2 * n + 8])[0]
                self.instances[oid] = (cid, p + 2 * n + 8, length)
                p += 2 * n + 8 + length
            elif sub == 0x22:  # object array
                oid = self.ref(p)
                length = struct.unpack(">I", b[p + n + 4:p + n + 8])[0]
                self.obj_arrays[oid] = (self.ref(p + n + 8), p + 2 * n + 8, length)
                p += 2 * n + 8 + length * n
            elif sub == 0x23:  # primitive array
                oid = self.ref(p)
                length = struct.unpack(">I", b[p + n + 4:p + n + 8])[0]
                kind = b[p + n + 8]
                self.prim_arrays[oid] = (kind, p + n + 9, length)
                p += n + 9 + length * self.sizes[kind]
            else:
                raise ValueError("unknown heap dump record 0x%x at byte %d" % (sub, p - 1))

    def _layout(self, cid):
        fields = []
        while cid in self.classes:
            sup, own, _ = self.classes[cid]
            fields.extend(own)
            cid = sup
        return fields

    def fields(self, oid):
        """An instance's object and int/byte fields by name."""
        cid, off, _ = self.instances[oid]
        values = {}
        for name_id, kind in self._layout(cid):
            name = self.names.get(name_id)
            if kind == 2:
                values[name] = self.ref(off)
            elif kind == 10:
                values[name] = struct.unpack(">i", self.buf[off:off + 4])[0]
            elif kind == 8:
                values[name] = self.buf[off]
            off += self.sizes[kind]
        return values

    def refs(self, oid):
        if oid in self.instances:
            cid, off, _ = self.instances[oid]
            out = []
            for _, kind in self._layout(cid):
                if kind == 2:
                    target = self.ref(off)
                    if target:
                        out.append(target)
                off += self.sizes[kind]
            return out
        if oid in self.obj_arrays:
            _, off, length = self.obj_arrays[oid]
            return [t for t in (self.ref(off + i * self.idsize) for i in range(length)) if t]
        return []

    def type_name(self, oid):
        if oid in self.instances:
            return self.class_name.get(self.instances[oid][0], "?")
        if oid in self.obj_arrays:
            return self.class_name.get(self.obj_arrays[oid][0], "?")
        if oid in self.prim_arrays:
            return "primitive array"
        return "class " + self.class_name.get(oid, "?")

    def shallow(self, oid):
        if oid in self.instances:
            return 12 + self.instances[oid][2]
        if oid in self.obj_arrays:
            return 16 + 4 * self.obj_arrays[oid][2]
        kind, _, length = self.prim_arrays[oid]
        return 16 + length * self.sizes[kind]

    def path(self, oid, depth):
        """One referrer path upward from oid (the first unvisited referrer at each step)."""
        seen, out, cur = {oid}, [], oid
        for _ in range(depth):
            up = [r for r in self.referrers.get(cur, []) if r not in seen]
            if not up:
                break
            cur = up[0]
            seen.add(cur)
            out.append(self.type_name(cur))
        return out

    def owners(self):
        """KB of shallow size per owner category."""
        memo, total = {}, collections.Counter()
        for oid in list(self.instances) + list(self.obj_arrays) + list(self.prim_arrays):
            total[self._owner(oid, memo)] += self.shallow(oid)
        return total

    def _owner(self, oid, memo):
        walked, seen, cur, owner = [], {oid}, oid, None
        while owner is None:
            if cur in memo:
                owner = memo[cur]
                break
            name = self.type_name(cur)
            owner = next((o for key, o in OWNERS if key in name), None)
            if owner is not None:
                break
            walked.append(cur)
            up = [r for r in self.referrers.get(cur, []) if r not in seen]
            if not up:
                owner = NO_REFERRER
                break
            cur = up[0]
            seen.add(cur)
        for w in walked:
            memo[w] = owner
        return owner

    def strings(self):
        """String value -> ids of the String instances holding it."""
        cls = next(c for c, name in self.class_name.items() if name == "java.lang.String")
        out = collections.defaultdict(list)
        for oid, (cid, _, _) in self.instances.items():
            if cid == cls:
                f = self.fields(oid)
                if f.get("value") in self.prim_arrays:
                    _, off, length = self.prim_arrays[f["value"]]
                    raw = self.buf[off:off + length]
                    out[raw.decode("latin1") if f.get("coder", 0) == 0 else raw.decode("utf-16-be", "replace")].append(oid)
        return out


def main():
    parser = argparse.ArgumentParser(description="What grew between two heap dumps, by owner.")
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--strings", type=int, default=0, metavar="N",
                        help="also list the N String values that gained most instances, with a referrer path")
    args = parser.parse_args()
    before, after = Heap(args.before), Heap(args.after)
    a, b = before.owners(), after.owners()
    print("KB more in %s than in %s, by owner:" % (args.after, args.before))
    for owner in sorted(set(a) | set(b), key=lambda o: -(b[o] - a[o])):
        print("%9.1f  %s" % ((b[owner] - a[owner]) / 1024, owner))
    print("%9.1f  total" % ((sum(b.values()) - sum(a.values())) / 1024))
    if args.strings:
        sa, sb = before.strings(), after.strings()
        gained = sorted(sb, key=lambda s: -(len(sb[s]) - len(sa.get(s, []))))[:args.strings]
        print("\nString values gained most (count, value, one referrer path):")
        for s in gained:
            print("%5d  %r\n       %s" % (len(sb[s]) - len(sa.get(s, [])), s[:100],
                                         " <- ".join(after.path(sb[s][-1], 6)) or "(none)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
