package helperlab.policy;

import java.util.Arrays;

/**
 * Values by int id (tasks, batches, images) without boxing: open addressing with linear probing,
 * deletion by shifting back. The scheduler and the client look ids up on nearly every call. Not
 * iterable: where order matters, a map with a defined order is used instead.
 */
final class IdTable<V> {
  private static final int FREE = Integer.MIN_VALUE;

  private int[] keys;
  private Object[] values;
  private int size;
  private int mask;

  IdTable() {
    keys = new int[16];
    Arrays.fill(keys, FREE);
    values = new Object[16];
    mask = 15;
  }

  int size() {
    return size;
  }

  @SuppressWarnings("unchecked")
  V get(int key) {
    check(key);
    for (int i = slot(key); ; i = (i + 1) & mask) {
      int k = keys[i];
      if (k == key) {
        return (V) values[i];
      }
      if (k == FREE) {
        return null;
      }
    }
  }

  boolean containsKey(int key) {
    return get(key) != null;
  }

  /** Sets {@code key}'s value (not null). */
  void put(int key, V value) {
    check(key);
    if (value == null) {
      throw new IllegalArgumentException("no null values");
    }
    int i = slot(key);
    while (keys[i] != FREE && keys[i] != key) {
      i = (i + 1) & mask;
    }
    if (keys[i] == FREE) {
      keys[i] = key;
      size++;
    }
    values[i] = value;
    if (size * 2 > keys.length) {
      grow();
    }
  }

  /** Removes {@code key}; returns its value, null if it had none. */
  @SuppressWarnings("unchecked")
  V remove(int key) {
    check(key);
    int i = slot(key);
    while (keys[i] != key) {
      if (keys[i] == FREE) {
        return null;
      }
      i = (i + 1) & mask;
    }
    V old = (V) values[i];
    size--;
    // shift later entries of the run back so every lookup still finds them without tombstones
    int hole = i;
    for (int j = (i + 1) & mask; keys[j] != FREE; j = (j + 1) & mask) {
      int home = slot(keys[j]);
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        keys[hole] = keys[j];
        values[hole] = values[j];
        hole = j;
      }
    }
    keys[hole] = FREE;
    values[hole] = null;
    return old;
  }

  private int slot(int key) {
    int h = key * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }

  private static void check(int key) {
    if (key == FREE) {
      throw new IllegalArgumentException("id " + key + " is out of range");
    }
  }

  @SuppressWarnings("unchecked")
  private void grow() {
    int[] oldKeys = keys;
    Object[] oldValues = values;
    keys = new int[oldKeys.length * 2];
    Arrays.fill(keys, FREE);
    values = new Object[oldKeys.length * 2];
    mask = keys.length - 1;
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != FREE) {
        put(oldKeys[i], (V) oldValues[i]);
      }
    }
  }
}
