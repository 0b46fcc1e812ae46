import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { CarregamentoContext, type ContextoCarregamento, TitulosCarregamentoContext } from './contexto-carregamento';

interface ItemPilha {
  id: number;
  titulo: string;
}

export function CarregamentoProvider({ children }: { children: ReactNode }) {
  const [pilha, setPilha] = useState<readonly ItemPilha[]>([]);
  const proximoId = useRef(0);

  const empilhar = useCallback((titulo: string) => {
    proximoId.current += 1;
    const id = proximoId.current;
    setPilha((atual) => [...atual, { id, titulo }]);
    return () => setPilha((atual) => atual.filter((item) => item.id !== id));
  }, []);

  const executar = useCallback(
    async <T,>(titulo: string, tarefa: () => Promise<T>): Promise<T> => {
      const desempilhar = empilhar(titulo);
      try {
        return await tarefa();
      } finally {
        desempilhar();
      }
    },
    [empilhar],
  );

  const acoes = useMemo<ContextoCarregamento>(() => ({ empilhar, executar }), [empilhar, executar]);
  const titulos = useMemo(() => pilha.map((item) => item.titulo), [pilha]);

  return (
    <CarregamentoContext.Provider value={acoes}>
      <TitulosCarregamentoContext.Provider value={titulos}>{children}</TitulosCarregamentoContext.Provider>
    </CarregamentoContext.Provider>
  );
}
