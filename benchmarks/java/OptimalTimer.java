import com.secondthorn.solitaireplayer.solvers.pyramid.Action;
import com.secondthorn.solitaireplayer.solvers.pyramid.BoardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.Deck;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * Times mchung94/solitaire-player's A* Board Challenge solver (fewest actions to clear the
 * pyramid) on each deck of a file, one deck per line, in one JVM, for benchmarks/bench_optimal.py.
 * Prints per deck: index, CPU ms of the whole JVM (JIT and GC threads included), CPU ms of the
 * solving thread, actions in the line (-1: cannot be cleared), removals that take the stock's
 * top card (each a draw plus a pair in pyramide-widget's count).
 */
public class OptimalTimer {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]));
        int count = Math.min(Integer.parseInt(args[1]), lines.size());
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < count; i++) {
            long process = os.getProcessCpuTime();
            long thread = threads.getCurrentThreadCpuTime();
            Deck deck = new Deck(lines.get(i));
            Map<String, List<Action>> solutions = new BoardChallengeSolver().solve(deck);
            double threadMs = (threads.getCurrentThreadCpuTime() - thread) / 1e6;
            double processMs = (os.getProcessCpuTime() - process) / 1e6;
            int length = -1;
            int fromStock = 0;
            for (List<Action> solution : solutions.values()) {
                length = solution.size();
                for (Action action : solution) {
                    if (action.getCommand() == Action.Command.REMOVE && action.getPositions().contains("Stock")) {
                        fromStock++;
                    }
                }
            }
            System.out.printf("%d %.3f %.3f %d %d%n", i, processMs, threadMs, length, fromStock);
            System.out.flush();
        }
    }
}
