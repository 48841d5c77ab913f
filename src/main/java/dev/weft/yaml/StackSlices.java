package dev.weft.yaml;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Read-only views of a range of {@link FastYamlParser}'s child stack, handed to the {@link MapNode}
 * and {@link ListNode} constructors, which copy them: so no collection needs a map or list of its
 * own only to be copied. Valid only until the parser pops the range.
 */
final class StackSlices {

  private StackSlices() {}

  /** A read-only view of entries on the stack, only for MapNode's constructor to copy. */
  static final class EntrySlice extends AbstractMap<String, MapNode.Entry> {
    private final Object[] array;
    private final int from;
    private final int to;

    EntrySlice(Object[] array, int from, int to) {
      this.array = array;
      this.from = from;
      this.to = to;
    }

    /** The entries, copied in order: what {@link EntryMap} keeps. */
    MapNode.Entry[] toEntryArray() {
      MapNode.Entry[] out = new MapNode.Entry[to - from];
      System.arraycopy(array, from, out, 0, out.length);
      return out;
    }

    @Override
    public Set<Map.Entry<String, MapNode.Entry>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return to - from;
        }

        @Override
        public Iterator<Map.Entry<String, MapNode.Entry>> iterator() {
          return new Iterator<>() {
            private int next = from;

            @Override
            public boolean hasNext() {
              return next < to;
            }

            @Override
            public Map.Entry<String, MapNode.Entry> next() {
              MapNode.Entry e = (MapNode.Entry) array[next++];
              return new AbstractMap.SimpleImmutableEntry<>(e.key(), e);
            }
          };
        }
      };
    }
  }

  /** A read-only view of items on the stack, only for ListNode's constructor to copy. */
  static final class NodeSlice extends AbstractList<Node> {
    private final Object[] array;
    private final int from;
    private final int to;

    NodeSlice(Object[] array, int from, int to) {
      this.array = array;
      this.from = from;
      this.to = to;
    }

    @Override
    public Node get(int index) {
      return (Node) array[from + index];
    }

    @Override
    public int size() {
      return to - from;
    }

    @Override
    public Object[] toArray() {
      return Arrays.copyOfRange(array, from, to);
    }
  }
}
