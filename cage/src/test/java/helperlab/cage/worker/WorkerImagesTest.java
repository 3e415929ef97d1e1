package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The images that used to come out sideways or kill workers, through one real worker process as
 * the supervisor sends them: every one is done by the same worker, and each output is what a
 * viewer shows.
 */
class WorkerImagesTest {
  @Test
  void aPhoneAPrintShopAndATransparentPngAreAllDoneByOneWorker(@TempDir Path dir) throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    Path out = dir.resolve("out");
    ImageCorpus.phoneJpeg(in.resolve("phone.jpg"), 1600, 1200, 6);
    ImageCorpus.cmykJpeg(in.resolve("cmyk.jpg"), 1200, 900, false, null);
    ImageCorpus.cmykJpeg(in.resolve("ycck.jpg"), 1200, 900, true, null);
    ImageCorpus.rgbaPng(in.resolve("logo.png"), 900, 600);
    Map<Long, String[]> jobs = new HashMap<>();
    jobs.put(1L, new String[] {"phone.jpg", "phone.jpg"});
    jobs.put(2L, new String[] {"cmyk.jpg", "cmyk.jpg"});
    jobs.put(3L, new String[] {"ycck.jpg", "ycck.jpg"});
    jobs.put(4L, new String[] {"logo.png", "logo.jpg"});
    Process p = new WorkerLauncher(512, 100_000_000L, Files.createDirectories(dir.resolve("run")), false).start();
    try {
      for (Map.Entry<Long, String[]> j : jobs.entrySet()) {
        WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Job(j.getKey(),
            in.resolve(j.getValue()[0]).toString(), out.resolve(j.getValue()[1]).toString(), 800));
      }
      InputStream frames = new BufferedInputStream(p.getInputStream());
      int done = 0;
      while (done < jobs.size()) {
        WorkerProtocol.FromWorker m = WorkerProtocol.read(frames, WorkerProtocol.FromWorker.class);
        assertTrue(m != null, "the worker died: " + Files.readString(dir.resolve("run/workers.log")));
        assertTrue(!(m instanceof WorkerProtocol.Failed), "failed: " + m);
        if (m instanceof WorkerProtocol.Done d) {
          done++;
          assertEquals(800, Math.max(d.width(), d.height()), d.toString());
        }
      }
      assertTrue(p.isAlive(), "one worker did them all");
      WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Stop("test"));
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    } finally {
      p.destroyForcibly();
    }
    BufferedImage phone = ImageIO.read(out.resolve("phone.jpg").toFile());
    assertEquals(800, phone.getWidth(), "stored 1200 x 1600 turned, shown 1600 x 1200");
    assertEquals(600, phone.getHeight());
    ImagesAsSentTest.assertQuadrants(phone, ImageCorpus.QUADRANTS, "phone");
    ImagesAsSentTest.assertNoPrivateMetadata(out.resolve("phone.jpg"));
    Color[] inks = new Color[4];
    for (int q = 0; q < 4; q++) {
      inks[q] = ImageCorpus.inkAsShown(ImageCorpus.INKS[q], ImageCorpus.standardCmyk());
    }
    ImagesAsSentTest.assertQuadrants(ImageIO.read(out.resolve("cmyk.jpg").toFile()), inks, "CMYK");
    ImagesAsSentTest.assertQuadrants(ImageIO.read(out.resolve("ycck.jpg").toFile()), inks, "YCCK");
    BufferedImage logo = ImageIO.read(out.resolve("logo.jpg").toFile());
    ImagesAsSentTest.assertNear(ImageCorpus.QUADRANTS[0], ImagesAsSentTest.quadrantMean(logo, 0), "logo, opaque half");
    ImagesAsSentTest.assertNear(Color.WHITE, ImagesAsSentTest.quadrantMean(logo, 1), "logo, transparent half on white");
    String log = Files.readString(dir.resolve("run/workers.log"));
    assertTrue(log.contains("decoder warning (not fatal)") && log.contains("standard"), "the warning is logged: " + log);
  }
}
