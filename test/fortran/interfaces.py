#!/usr/bin/env python3
"""The public interface of Fortran modules, read from gfortran's .mod files.

    interfaces.py MODULE.mod...                 prints the listing
    interfaces.py --compare REFERENCE MODULE.mod...
                                                compares it with REFERENCE

A .mod file is gzip'ed text: a header line, then S-expressions (gfortran's
module.c writes them): the intrinsic operators' interfaces, the user
operators, the generic names, common blocks, equivalences, derived-type
extensions, the symbols, and the symtree (the public names).  The listing
has one line per fact, each naming its module and public name, sorted: a
generic's specifics, a procedure's kind, binding label and attributes, each
dummy argument (position, name, type and kind, intent, attributes, array
bounds), a function's result, a type's components, a parameter's value.
What does not change an interface (the order of declarations, private
names not reachable from a public one, attributes gfortran derives from a
procedure's body) is left out.

To accept a change of interface on purpose, write the reference again:
    python3 test/fortran/interfaces.py BUILD/fortran/*.mod > test/fortran/interfaces.txt
"""

import gzip
import os
import re
import sys

# The intrinsic operators in the order of gfortran's enum gfc_intrinsic_op,
# INTRINSIC_USER left out (as module.c leaves it out).
INTRINSIC_OPERATORS = [
    'unary +', 'unary -', '+', '-', '*', '/', '**', '//', '.and.', '.or.', '.eqv.', '.neqv.',
    '==', '/=', '>', '>=', '<', '<=', '.eq.', '.ne.', '.gt.', '.ge.', '.lt.', '.le.', '.not.',
    '=', '()']

# The attributes that are part of an interface; the others (ALWAYS_EXPLICIT,
# ARRAY_OUTER_DEPENDENCY, IMPLICIT-SAVE, ...) follow from a body or a use.
INTERFACE_ATTRIBUTES = {
    'ALLOCATABLE', 'ASYNCHRONOUS', 'CODIMENSION', 'CONTIGUOUS', 'DIMENSION', 'ELEMENTAL',
    'EXTERNAL', 'FUNCTION', 'IMPURE', 'IS_BIND_C', 'OPTIONAL', 'POINTER', 'PROTECTED', 'PURE',
    'RECURSIVE', 'SEQUENCE', 'SUBROUTINE', 'TARGET', 'VALUE', 'VOLATILE', 'ABSTRACT'}


def tokens(text):
    for match in re.finditer(r"\(|\)|'(?:[^']|'')*'|[^\s()']+", text):
        token = match.group(0)
        if token.startswith("'"):
            yield ('string', token[1:-1].replace("''", "'"))
        elif token in '()':
            yield (token, None)
        elif re.fullmatch(r'-?\d+', token):
            yield ('int', int(token))
        else:
            yield ('atom', token)


class Atom(str):
    """A bare word of the module (PROCEDURE, IN, DIMENSION, ...)."""


def parse(text):
    """The module's top-level lists, each a nested Python list."""
    stack = [[]]
    for kind, value in tokens(text):
        if kind == '(':
            stack.append([])
        elif kind == ')':
            done = stack.pop()
            stack[-1].append(done)
        elif kind == 'atom':
            stack[-1].append(Atom(value))
        else:
            stack[-1].append(value)
    if len(stack) != 1:
        raise ValueError('unbalanced parentheses')
    return stack[0]


class Module:
    def __init__(self, path):
        with gzip.open(path, 'rt') as handle:
            header = handle.readline()
            if not header.startswith('GFORTRAN module version'):
                raise ValueError(path + ': not a gfortran module')
            sections = parse(handle.read())
        if len(sections) != 8:
            raise ValueError('%s: %d sections, expected 8' % (path, len(sections)))
        self.operators, self.user_operators, generics, _, _, _, symbols, symtree = sections
        self.symbols = {}
        for i in range(0, len(symbols), 6):
            number, name, module, label, _, info = symbols[i:i + 6]
            self.symbols[number] = Symbol(name, module, label, info)
        self.generics = {}
        for entry in generics:
            self.generics.setdefault(entry[0], []).extend(entry[2:])
        self.public = {}
        for i in range(0, len(symtree), 3):
            name, _, number = symtree[i:i + 3]
            if not name.startswith('__'):
                self.public[name] = number
        # gfortran names a module's file after the module.
        self.name = os.path.basename(path)[:-len('.mod')]

    def symbol_name(self, number):
        symbol = self.symbols[number]
        # gfortran spells a derived type's symbol with a capital.
        return symbol.name.lower() if symbol.flavor == 'DERIVED' else symbol.name


class Symbol:
    def __init__(self, name, module, label, info):
        self.name = name
        self.module = module
        self.label = label
        attributes = info[0]
        self.flavor, self.intent, self.proc, self.source = attributes[0:4]
        self.generic = 'GENERIC' in attributes[7:]
        self.attributes = [a for a in attributes[7:] if a in INTERFACE_ATTRIBUTES]
        self.components = info[1]
        rest = info[2:]
        if rest and isinstance(rest[0], Atom):
            rest = rest[1:]  # the components' default access
        self.typespec = rest[0]
        self.formal = rest[3]
        rest = rest[4:]
        self.value = None
        if self.flavor == 'PARAMETER':
            self.value, rest = rest[0], rest[1:]
        self.shape = rest[0]
        self.result = rest[1]


def expression(module, e):
    if not isinstance(e, list):
        return str(e)
    if not e:
        return ''
    if e[0] == 'CONSTANT':
        return str(e[3])
    if e[0] == 'VARIABLE':
        return module.symbol_name(e[3])
    if e[0] == 'OP':
        return '(%s %s)' % (e[3], ' '.join(expression(module, x) for x in e[4:] if x != []))
    return '(' + ' '.join(expression(module, x) for x in e) + ')'


def type_text(module, typespec):
    kind, number, interoperable = typespec[0], typespec[1], typespec[3]
    if kind == 'DERIVED':
        text = 'type(%s)' % module.symbol_name(number)
    elif kind == 'CHARACTER':
        length = typespec[6][0] if typespec[6] else []
        text = 'character(kind=%d, len=%s)' % (number, expression(module, length) or '*')
    elif kind == 'UNKNOWN':
        return ''
    else:
        text = '%s(%d)' % (kind.lower(), number)
    return text + (' interoperable' if interoperable else '')


def shape_text(module, shape):
    if not shape:
        return ''
    rank, kind, bounds = shape[0], shape[2], shape[3:]
    dimensions = []
    for i in range(rank):
        lower = expression(module, bounds[2 * i])
        upper = expression(module, bounds[2 * i + 1])
        if kind == 'ASSUMED_SIZE' and i == rank - 1:
            upper = '*'
        dimensions.append('%s:%s' % (lower, upper))
    return '%s(%s)' % (kind.lower(), ', '.join(dimensions))


def entity_text(module, symbol):
    words = [type_text(module, symbol.typespec)]
    if symbol.intent not in ('UNKNOWN-INTENT',):
        words.append('intent(%s)' % symbol.intent.lower())
    words += [a.lower() for a in symbol.attributes if a != 'DIMENSION']
    words.append(shape_text(module, symbol.shape))
    return ' '.join(w for w in words if w)


def procedure_lines(module, number):
    symbol = module.symbols[number]
    name = symbol.name
    lines = []
    kind = [a.lower() for a in symbol.attributes]
    lines.append('procedure %s: %s %s' % (name, symbol.proc.lower(), ' '.join(kind)))
    if symbol.label:
        lines.append("procedure %s: bind(c, name='%s')" % (name, symbol.label))
    for position, argument in enumerate(symbol.formal, 1):
        dummy = module.symbols[argument]
        lines.append('procedure %s: argument %d %s: %s'
                     % (name, position, dummy.name, entity_text(module, dummy)))
    if 'FUNCTION' in symbol.attributes:
        result = module.symbols[symbol.result] if symbol.result else symbol
        if result is symbol:
            text = ' '.join(w for w in [type_text(module, symbol.typespec),
                                        shape_text(module, symbol.shape)] if w)
        else:
            text = entity_text(module, result)
        lines.append('procedure %s: result: %s' % (name, text))
    return lines


def type_lines(module, number):
    symbol = module.symbols[number]
    name = symbol.name.lower()
    lines = ['type %s: %s' % (name, ' '.join(a.lower() for a in symbol.attributes))]
    for component in symbol.components:
        _, component_name, typespec, shape = component[0:4]
        attributes = [a.lower() for a in component[6][7:]
                      if a in INTERFACE_ATTRIBUTES and a != 'DIMENSION']
        words = [type_text(module, typespec)] + attributes + [shape_text(module, shape)]
        lines.append('type %s: component %s: %s'
                     % (name, component_name, ' '.join(w for w in words if w)))
    return lines


def listing(module):
    """The lines for the module: groups (one per public name, generic,
    operator, procedure or type) sorted by name, each in its own order."""
    groups = {}
    procedures = set()

    def specifics(title, numbers):
        names = sorted(module.symbols[n].name for n in numbers)
        groups[title] = ['%s: %s' % (title, ' '.join(names))]
        procedures.update(numbers)

    for index, numbers in enumerate(module.operators):
        if numbers:
            specifics('operator(%s)' % INTRINSIC_OPERATORS[index], numbers)
    for entry in module.user_operators:
        specifics('operator(.%s.)' % entry[0], entry[2:])
    for name, numbers in module.generics.items():
        derived = [n for n in numbers if module.symbols[n].flavor == 'DERIVED']
        for number in derived:
            groups['type ' + module.symbol_name(number)] = type_lines(module, number)
        rest = [n for n in numbers if n not in derived]
        if rest:
            specifics('generic ' + name, rest)
    for name, number in module.public.items():
        symbol = module.symbols[number]
        if symbol.flavor == 'PROCEDURE' and not symbol.generic:
            procedures.add(number)
        elif symbol.flavor == 'PARAMETER':
            groups['parameter ' + name] = [
                'parameter %s: %s = %s' % (name, type_text(module, symbol.typespec),
                                           expression(module, symbol.value))]
        elif symbol.flavor == 'VARIABLE':
            groups['variable ' + name] = ['variable %s: %s' % (name, entity_text(module, symbol))]
        elif symbol.flavor == 'DERIVED':
            groups['type ' + module.symbol_name(number)] = type_lines(module, number)
    # A derived type stands in the symtree twice: as the type (spelled with
    # a capital) and as its structure constructor.
    public = {name.lower() for name in module.public} | set(module.generics)
    public |= {title for title in groups if title.startswith('operator')}
    groups['public'] = ['public: ' + ' '.join(sorted(public))]
    for number in procedures:
        if module.symbols[number].flavor == 'PROCEDURE':
            groups['procedure ' + module.symbols[number].name] = procedure_lines(module, number)
    return ['%s: %s' % (module.name, line) for title in sorted(groups) for line in groups[title]]


def main(arguments):
    reference = None
    if arguments[:1] == ['--compare']:
        reference, arguments = arguments[1], arguments[2:]
    if not arguments:
        sys.exit(__doc__)
    got = []
    for path in arguments:
        got.extend(listing(Module(path)))
    if reference is None:
        print('\n'.join(got))
        return 0
    with open(reference) as handle:
        expected = handle.read().splitlines()
    for number, (want, have) in enumerate(zip(expected, got), 1):
        if want != have:
            print('line %d of %s differs:\n  expected: %s\n  got:      %s'
                  % (number, reference, want, have))
            return 1
    if len(expected) != len(got):
        number = min(len(expected), len(got)) + 1
        extra = expected[number - 1:] or got[number - 1:]
        print('line %d of %s: %s %s' % (number, reference,
                                         'missing:' if len(expected) > len(got) else 'extra:',
                                         extra[0]))
        return 1
    print('%d lines of interface, as in %s' % (len(got), reference))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
