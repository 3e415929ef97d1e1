package helperlab.lab.viewmodel;

/** A run's key under the charts: its words ("A: box s3") and its whole id, for the tooltip. */
public record RunKey(String text, String id) { }
