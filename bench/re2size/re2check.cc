#include <re2/re2.h>
#include <iostream>
#include <string>
// re2check reads "FLAGS\tPATTERN" lines (FLAGS: s = case sensitive, c = capture, - none)
// and prints ok, toolarge or error for Chrome's RE2 options.
int main(int argc, char** argv) {
  long maxmem = argc > 1 ? atol(argv[1]) : 2048;
  std::string line;
  while (std::getline(std::cin, line)) {
    auto tab = line.find('\t');
    std::string flags = line.substr(0, tab), pat = line.substr(tab + 1);
    RE2::Options o;
    o.set_encoding(RE2::Options::EncodingLatin1);
    o.set_case_sensitive(flags.find('s') != std::string::npos);
    o.set_never_capture(flags.find('c') == std::string::npos);
    o.set_log_errors(false);
    o.set_max_mem(maxmem);
    RE2 re(pat, o);
    if (re.error_code() == RE2::ErrorPatternTooLarge) std::cout << "toolarge\n";
    else if (!re.ok()) std::cout << "error\n";
    else std::cout << "ok " << re.ProgramSize() << "\n";
  }
}
