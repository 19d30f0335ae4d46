import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before any of our classes is first constructed (V8 compiles a function's bytecode on its
// first call, and reads this flag then).
//
// tsx compiles our TypeScript with esbuild's keepNames, which redefines each class's `name` after the class body
// (`__name(this, "HttpError")`). On Node 20's V8, a subclass whose `name` was redefined can never be optimized while
// V8 omits default constructors in its bytecode: every attempt is thrown away ("Bailed out due to dependency change")
// and retried, and so is every function that constructs it. Node's own request handling constructs our
// SecureServerResponse on every request, so it stayed unoptimized too, with a compilation started and thrown away
// every few milliseconds on a core the server needs: about 3 µs of CPU a request (decision 0075). Turning the
// optimization off costs an empty constructor call where a subclass declares none.
setFlagsFromString('--no-omit-default-ctors');
