package helperlab.cli;

/**
 * A subcommand that a jar above the server's adds to {@link Main}, found with {@link java.util.ServiceLoader} (listed in
 * its jar's {@code META-INF/services}): the desktop jar adds {@code lab}. The server jar holds none, so it runs
 * headless with no JavaFX inside, and the commands it does hold need not know what a desktop adds.
 */
public interface AddedCommand {}
