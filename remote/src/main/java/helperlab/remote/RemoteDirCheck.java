package helperlab.remote;

import java.util.Map;

/**
 * Whether the login can make (or keep private) the directory a deploy puts the cage in, asked before
 * anything is changed: a directory that exists must be the login's (deploy makes it 0700, which only its
 * owner may do) and writable; one that does not exist needs its nearest existing parent writable. Each
 * refusal is a sentence with what to do - not the raw {@code mkdir}/{@code chmod} error. (A directory of
 * the login's own that it made read-only is no refusal: deploy's chmod gives it back.)
 */
final class RemoteDirCheck {
  private RemoteDirCheck() {}

  /** Shell lines printing {@code dir_*} facts about {@code dir} (a shell word) as {@code key=value}. */
  static String script(String dir) {
    return String.join("\n",
        "t=" + dir,
        "echo \"dir_login=$(id -un)\"",
        "echo \"uid=$(id -u)\"",
        "echo \"dir_home=$HOME\"",
        "echo \"dir_target=$t\"",
        "n=$t; while [ ! -e \"$n\" ] && [ ! -L \"$n\" ] && [ \"$n\" != / ] && [ \"$n\" != . ]; do n=$(dirname \"$n\"); done",
        "echo \"dir_near=$n\"",
        "if [ -d \"$n\" ]; then echo dir_near_is=dir; elif [ -e \"$n\" ]; then echo dir_near_is=file; fi",
        "if [ -w \"$n\" ] && [ -x \"$n\" ]; then echo dir_near_writable=yes; fi",
        "echo \"dir_near_owner=$(stat -L -c %U \"$n\" 2>/dev/null)\"",
        "echo \"dir_near_mode=$(stat -L -c %a \"$n\" 2>/dev/null)\"",
        "if grep -qs \" $(df -P \"$n\" 2>/dev/null | awk 'NR==2 {print $6}') [^ ]* ro[, ]\" /proc/mounts; then"
            + " echo dir_near_ro=yes; fi",
        "");
  }

  /**
   * Null when the login can use the directory; else why not and what to do, in one sentence.
   *
   * @param shown the directory as the user gave it ({@code ~/helper-lab})
   * @param where the server, for the message ({@code ssh ann@host:22})
   */
  static String refusal(Map<String, String> f, String shown, String where) {
    String login = f.getOrDefault("dir_login", "this login");
    String home = f.getOrDefault("dir_home", "");
    String target = f.getOrDefault("dir_target", shown);
    String near = f.get("dir_near");
    if (near == null || near.isEmpty()) {
      return null; // the script did not run as expected: mkdir's own error will say
    }
    boolean exists = near.equals(target);
    String owner = f.getOrDefault("dir_near_owner", "");
    String mode = f.getOrDefault("dir_near_mode", "");
    String about = owner.isEmpty() ? "" : " (owner " + owner + ", mode " + mode + ")";
    boolean readOnly = "yes".equals(f.get("dir_near_ro"));
    String elsewhere = "or deploy with --remote-dir set to a directory " + login + " can write";
    String nothing = " Nothing was changed there.";
    if (exists && "file".equals(f.get("dir_near_is"))) {
      return "cannot deploy into " + shown + " on " + where + ": " + target + " is a file, not a directory; move it"
          + " away, " + elsewhere + "." + nothing;
    }
    if (readOnly) {
      return "cannot " + (exists ? "write in " : "make ") + shown + " on " + where + ": " + near + " is on a read-only"
          + " file system; " + elsewhere.substring(3) + " (on a file system mounted read-write)." + nothing;
    }
    if (exists && !owner.isEmpty() && !owner.equals(login) && !"0".equals(f.get("uid"))) { // root may chmod any
      return "cannot deploy into " + shown + " on " + where + ": " + target + " belongs to " + owner + ", not " + login
          + " (mode " + mode + "), and deploy keeps its directory private to the login (chmod 700), which only its owner"
          + " may do; ask an administrator to hand it over (sudo chown -R " + login + " " + Deployer.quote(target)
          + "), " + elsewhere + "." + nothing;
    }
    if (exists || "yes".equals(f.get("dir_near_writable"))) {
      return null; // the login's own directory: deploy's chmod 700 gives it back whatever it lacks
    }
    if (near.equals(home)) {
      return "cannot make " + shown + " on " + where + ": the home directory " + home + " is not writable by " + login
          + about + "; ask an administrator to give " + login + " its home (sudo chown " + login + " "
          + Deployer.quote(home) + "), " + elsewhere + "." + nothing;
    }
    return "cannot make " + shown + " on " + where + ": " + login + " may not create anything in " + near + about
        + "; ask an administrator to make " + target + " for " + login + " (sudo install -d -o " + login + " -m 700 "
        + Deployer.quote(target) + "), " + elsewhere + "." + nothing;
  }
}
