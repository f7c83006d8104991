"use client";

import {
  DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, TouchSensor, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { dayHeading } from "@/lib/appointments/rules/day-sections";

/**
 * Dragging a card onto another day's section: the mouse, touch (a long press, so scrolling a
 * phone never drags) and the keyboard (Space/Enter to lift, arrows to go from day to day, Space or
 * Enter to drop, Esc to cancel), announced in Portuguese to screen readers.
 */
const jumpBetweenDays: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const forward = event.code === "ArrowDown" || event.code === "ArrowRight";
  const backward = event.code === "ArrowUp" || event.code === "ArrowLeft";
  if (!forward && !backward) return undefined;
  event.preventDefault();
  const rects = [...context.droppableRects.values()].sort((a, b) => a.top - b.top);
  if (!rects.length) return currentCoordinates;
  const y = currentCoordinates.y;
  // The day the card is over now doesn't count when going back (its top is above the card too).
  const current = rects.find((r) => r.top <= y && r.bottom > y);
  const target = forward ? rects.find((r) => r.top > y + 1) : [...rects].reverse().find((r) => r.top < y && r !== current);
  if (!target) return currentCoordinates;
  return { x: target.left + 24, y: target.top + 4 };
};

/**
 * The day under the pointer (mouse, touch) wins, whatever the size of the card being dragged; the
 * keyboard has no pointer, so there the card's own box decides.
 */
const dayUnderPointer: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/**
 * The sensors' options, the same objects on every render: useSensor keeps its sensor while they
 * are, and a new sensor gives DndContext a new context, which re-renders every day and card of
 * the agenda (a chain's 91 days and 850 cards each time a dialog opened or closed).
 */
export const POINTER = { activationConstraint: { distance: 6 } };
export const TOUCH = { activationConstraint: { delay: 300, tolerance: 8 } };
const KEYBOARD = { coordinateGetter: jumpBetweenDays };

export function DragAndDrop({
  today,
  describe,
  onMove,
  children,
}: {
  today: string;
  /** 'Ana Souza às 10:00', for the announcements. */
  describe: (id: string) => string;
  onMove: (id: string, date: string) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(TouchSensor, TOUCH), useSensor(KeyboardSensor, KEYBOARD));
  const dayOf = (over: { data: { current?: Record<string, unknown> } } | null) =>
    typeof over?.data.current?.date === "string" ? dayHeading(over.data.current.date as string, today) : null;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Agendamento de ${describe(String(active.id))} selecionado. Use as setas para escolher o dia.`,
    onDragOver: ({ over }) => (dayOf(over) ? `Sobre ${dayOf(over)}.` : "Fora dos dias da agenda."),
    onDragEnd: ({ active, over }) =>
      dayOf(over) ? `Agendamento de ${describe(String(active.id))} solto em ${dayOf(over)}.` : "Movimento cancelado.",
    onDragCancel: () => "Movimento cancelado. O agendamento continua no mesmo dia.",
  };
  function end(e: DragEndEvent) {
    const to = e.over?.data.current?.date;
    const from = e.active.data.current?.date;
    if (typeof to === "string" && to !== from) onMove(String(e.active.id), to);
  }
  return (
    <DndContext
      // A fixed id keeps the screen-reader ids the same in the server HTML and after hydration.
      id="appointments"
      sensors={sensors}
      collisionDetection={dayUnderPointer}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Para mover o agendamento para outro dia, pressione Espaço ou Enter, use as setas para escolher o dia e pressione Espaço ou Enter de novo para soltar. Esc cancela.",
        },
      }}
    >
      {children}
    </DndContext>
  );
}
