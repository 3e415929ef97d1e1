package helperlab.lab.viewmodel;

/** The window's look: a stylesheet on top of the base one. */
public enum Theme {
  LIGHT("light", "/styles/light.css"), DARK("dark", "/styles/dark.css");

  private final String id;
  private final String stylesheet;

  Theme(String id, String stylesheet) {
    this.id = id;
    this.stylesheet = stylesheet;
  }

  public String id() {
    return id;
  }

  /** Class-path resource of the theme's stylesheet. */
  public String stylesheet() {
    return stylesheet;
  }

  public static Theme of(String id) {
    return "dark".equalsIgnoreCase(id) ? DARK : LIGHT;
  }

  @Override
  public String toString() {
    return id;
  }
}
